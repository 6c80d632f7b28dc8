/**
 * Review and undo in the Orkas side panel (docs/jupyterlab.md, "Review and undo").
 *
 * - A review request is an approval whose `risk` is `review` and whose `detail` is the
 *   staged change as a unified diff: shown coloured, with Accept / Accept all / Reject
 *   (the approval decisions `once` / `run` / `deny`).
 * - The header's "Undo turn" button runs `%orkas undo` in the kernel and shows its report;
 *   the "Review edits" toggle runs `%orkas review on|off`. Both go through a quiet execute
 *   request (no cell, no history), so they wait for a running cell like any request would.
 */
import { IChatMessage, OrkasConnection } from './bridge';

/** Is this approval a review of a staged change? */
export function isReview(msg: IChatMessage): boolean {
  return msg.type === 'approval' && msg.risk === 'review';
}

const COLOURS: [string, string][] = [['+', '#1a7f37'], ['-', '#cf222e'], ['@', '#57606a']];
const DECIDED: { [decision: string]: string } = {
  once: 'accepted', run: 'accepted, and the rest of this turn', deny: 'rejected'
};
// This module's own styles (the undo report keeps its lines).
const STYLE = `
.orkas-ReviewControls { display: inline-flex; gap: 6px; align-items: center; margin-left: 8px;
  font-size: 12px; }
.orkas-ReviewDiff { max-height: 320px; overflow: auto; font-size: 12px; }
.orkas-Note.orkas-mod-undo { white-space: pre-line; }`;

function addStyle(): void {
  if (!document.getElementById('orkas-review-style')) {
    const style = document.createElement('style');
    style.id = 'orkas-review-style';
    style.textContent = STYLE;
    document.head.append(style);
  }
}

/** The diff as coloured lines. */
export function diffNode(diff: string): HTMLElement {
  const pre = document.createElement('pre');
  pre.className = 'orkas-ReviewDiff';
  for (const line of diff.split('\n')) {
    const span = document.createElement('span');
    const header = line.startsWith('+++') || line.startsWith('---');
    const colour = header ? '' : (COLOURS.find(([mark]) => line.startsWith(mark))?.[1] ?? '');
    if (colour) {
      span.style.color = colour;
    }
    span.textContent = line + '\n';
    pre.append(span);
  }
  return pre;
}

/** A review request with its diff and the three answers; `decide` sends the decision. */
export function reviewBox(msg: IChatMessage, decide: (decision: string) => void): HTMLElement {
  const box = document.createElement('div');
  box.className = 'orkas-Approval orkas-Review';
  box.dataset.approvalId = msg.id;
  box.dataset.tool = msg.tool;
  const text = document.createElement('div');
  text.className = 'orkas-ApprovalText';
  text.textContent = `${msg.agent ? msg.agent + ': ' : ''}${msg.summary}`;
  box.append(text, diffNode(String(msg.detail || '')));
  const choices: [string, string][] = [['once', 'Accept'], ['run', 'Accept all'],
                                       ['deny', 'Reject']];
  for (const [decision, label] of choices) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `orkas-Approve orkas-mod-${decision}`;
    button.textContent = label;
    button.addEventListener('click', () => decide(decision));
    box.append(button);
  }
  const done = document.createElement('span');
  done.className = 'orkas-ApprovalDecision';
  box.append(done);
  // The panel marks the decision as an approval's; say it as a review's.
  new MutationObserver(() => {
    done.textContent = DECIDED[box.dataset.decided ?? ''] ?? done.textContent;
  }).observe(box, { attributes: true, attributeFilter: ['data-decided'] });
  return box;
}

/** The panel header's "Undo turn" and "Review edits" controls. */
export class ReviewControls {
  readonly node: HTMLElement;

  /** `report` shows what a command printed (an undo report) in the chat. */
  constructor(private readonly report: (text: string, level: string) => void) {
    addStyle();
    this.node = document.createElement('div');
    this.node.className = 'orkas-ReviewControls';
    this._undo = document.createElement('button');
    this._undo.type = 'button';
    this._undo.className = 'orkas-Undo';
    this._undo.textContent = 'Undo turn';
    this._undo.title = "Put back what the last turn changed in cells and files (%orkas undo)";
    this._undo.addEventListener('click', () => void this._run('undo', true));
    this._toggle = document.createElement('label');
    this._toggle.className = 'orkas-ReviewToggle';
    this._box = document.createElement('input');
    this._box.type = 'checkbox';
    this._box.addEventListener('change', () =>
      void this._run(`review ${this._box.checked ? 'on' : 'off'}`, false));
    this._toggle.append(this._box, ' Review edits');
    this.node.append(this._undo, this._toggle);
  }

  /** Follow the active notebook's connection (null: none). */
  setConnection(connection: OrkasConnection | null): void {
    this._connection = connection;
    this._box.checked = false;
    if (connection) {
      void this._run('review', false);
    }
  }

  private async _run(command: string, show: boolean): Promise<void> {
    const kernel = this._connection?.panel.sessionContext.session?.kernel;
    if (!kernel) {
      return;
    }
    // The panel attaches Orkas without loading the magic: call the command directly.
    const [word, ...rest] = command.split(' ');
    const code = "__import__('orkas_jupyter.jupyter.panel_commands', fromlist=['panel_command'])" +
      `.panel_command(${JSON.stringify(word)}, ${JSON.stringify(rest.join(' '))})`;
    let out = '';
    const future = kernel.requestExecute({ code, silent: false, store_history: false,
                                           allow_stdin: false, stop_on_error: false });
    future.onIOPub = msg => {
      if (msg.header.msg_type === 'stream') {
        out += (msg.content as { text: string }).text;
      }
    };
    this._undo.disabled = true;
    try {
      await future.done;
    } catch (error) {
      out = `${command}: ${error}`;
    } finally {
      this._undo.disabled = false;
    }
    const review = /^review: (on|off)/m.exec(out);
    if (review) {
      this._box.checked = review[1] === 'on';
      this.node.dataset.review = review[1];
    }
    if (show && out.trim()) {
      this.report(out.trim(), 'undo');
    }
  }

  private _connection: OrkasConnection | null = null;
  private _undo: HTMLButtonElement;
  private _toggle: HTMLLabelElement;
  private _box: HTMLInputElement;
}
