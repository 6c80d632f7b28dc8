/**
 * The "Evolution" section of the Orkas side panel (docs/evolution.md): the last runs of
 * self-evolution for the notebook's kernel — agent, status, what changed, signals, tokens —
 * each applied one with a Revert button. Hidden while no agent is bound and nothing was logged.
 *
 * It reads the kernel through a quiet execute request (no cell, no history), like the undo
 * button (review.ts): `panel_view()` prints one line `ORKAS_EVOLUTION {json}`, and
 * `panel_revert(ID)` reverts and prints the same line with the outcome. It is refreshed when
 * the panel attaches and after each turn (reflection runs once a turn has ended).
 */
import { OrkasConnection } from './bridge';

/** One run as the kernel describes it (`jupyter/cmds/evolution.py`). */
interface IEntryView {
  id: string;
  agent: string;
  status: string;
  change: string;
  summary: string;
  model: string;
  tokens: number;
  cost_usd: number;
  note: string;
  revertable: boolean;
}

interface IEvolutionView {
  bound: string[];
  entries: IEntryView[];
  message: string;
}

const MARK = 'ORKAS_EVOLUTION ';
// A reflection starts once no turn runs and takes one model call.
const LATER_MS = 5000;
const MODULE = "__import__('orkas_jupyter.jupyter.cmds.evolution', fromlist=['panel_view'])";
// This module's own styles.
const STYLE = `
.orkas-Evolution { font-size: 12px; margin: 4px 8px; }
.orkas-EvolutionList { list-style: none; margin: 4px 0; padding: 0; }
.orkas-EvolutionEntry { padding: 3px 0; border-bottom: 1px solid var(--jp-border-color2); }
.orkas-EvolutionEntry[data-status="reverted"] { opacity: 0.6; }
.orkas-EvolutionDetail { color: var(--jp-ui-font-color2); }
.orkas-EvolutionRevert { margin-left: 6px; font-size: 11px; }`;

function addStyle(): void {
  if (!document.getElementById('orkas-evolution-style')) {
    const style = document.createElement('style');
    style.id = 'orkas-evolution-style';
    style.textContent = STYLE;
    document.head.append(style);
  }
}

/** The view printed by the kernel, or null when the output holds none. */
export function parseView(out: string): IEvolutionView | null {
  const line = out.split('\n').find(l => l.startsWith(MARK));
  if (!line) {
    return null;
  }
  try {
    return JSON.parse(line.slice(MARK.length)) as IEvolutionView;
  } catch {
    return null;
  }
}

export class EvolutionSection {
  constructor() {
    addStyle();
    this.node = document.createElement('details');
    this.node.className = 'orkas-Evolution';
    this.node.open = true;
    this.node.hidden = true;
    this._summary = document.createElement('summary');
    this._message = document.createElement('div');
    this._message.className = 'orkas-EvolutionMessage';
    this._list = document.createElement('ul');
    this._list.className = 'orkas-EvolutionList';
    this.node.append(this._summary, this._message, this._list);
  }

  /** The section's element, mounted once by the panel. */
  readonly node: HTMLDetailsElement;

  /** Follow the active notebook's connection (null: none). */
  setConnection(connection: OrkasConnection | null): void {
    this._connection = connection;
    this.node.hidden = true;
    this._list.replaceChildren();
    this._message.textContent = '';
    if (connection) {
      void this.refresh();
    }
  }

  /** Read the view again (after a turn: a reflection may have run). */
  async refresh(): Promise<void> {
    await this._run(`${MODULE}.panel_view()`);
  }

  /** A turn ended: refresh now, and once more when its reflection has had time to run. */
  afterTurn(): void {
    void this.refresh();
    window.clearTimeout(this._later);
    this._later = window.setTimeout(() => void this.refresh(), LATER_MS);
  }

  private async _run(code: string): Promise<void> {
    const kernel = this._connection?.panel.sessionContext.session?.kernel;
    if (!kernel) {
      return;
    }
    let out = '';
    const future = kernel.requestExecute({ code, silent: false, store_history: false,
                                           allow_stdin: false, stop_on_error: false });
    future.onIOPub = msg => {
      if (msg.header.msg_type === 'stream') {
        out += (msg.content as { text: string }).text;
      }
    };
    try {
      await future.done;
    } catch {
      return;  // the kernel went away; the next refresh tries again
    }
    const view = parseView(out);
    if (view) {
      this._draw(view);
    }
  }

  private _draw(view: IEvolutionView): void {
    this.node.hidden = view.bound.length === 0 && view.entries.length === 0;
    const bound = view.bound.length ? view.bound.join(', ') : 'no agent';
    this._summary.textContent = `Evolution · on for ${bound} · ${view.entries.length} run` +
      (view.entries.length === 1 ? '' : 's');
    this._message.textContent = view.message;
    this._list.replaceChildren(...view.entries.map(entry => this._entry(entry)));
  }

  private _entry(entry: IEntryView): HTMLLIElement {
    const item = document.createElement('li');
    item.className = 'orkas-EvolutionEntry';
    item.dataset.id = entry.id;
    item.dataset.status = entry.status;
    const head = document.createElement('div');
    head.textContent = `${entry.agent} · ${entry.status} · ${entry.change}`;
    if (entry.revertable) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'orkas-EvolutionRevert';
      button.textContent = 'Revert';
      button.title = `Undo this change (%orkas evolution revert ${entry.id})`;
      button.addEventListener('click', () => {
        button.disabled = true;
        void this._run(`${MODULE}.panel_revert(${JSON.stringify(entry.id)})`);
      });
      head.append(button);
    }
    const detail = document.createElement('div');
    detail.className = 'orkas-EvolutionDetail';
    detail.textContent = `${entry.id} · ${entry.summary || 'no signals'} · ` +
      `${entry.model || '-'} · ${entry.tokens.toLocaleString()} tokens · ` +
      `$${entry.cost_usd.toFixed(4)}` + (entry.note ? ` · ${entry.note}` : '');
    item.append(head, detail);
    return item;
  }

  private _connection: OrkasConnection | null = null;
  private _later = 0;
  private _summary: HTMLElement;
  private _message: HTMLDivElement;
  private _list: HTMLUListElement;
}
