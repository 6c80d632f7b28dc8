/**
 * The Orkas side panel: the chat of the active notebook's kernel (chat protocol in
 * docs/jupyterlab.md). Plain DOM in a Lumino widget; answers render as Markdown through
 * JupyterLab's own renderer when one is available.
 */
import { IRenderMimeRegistry } from '@jupyterlab/rendermime';
import { Message } from '@lumino/messaging';
import { Widget } from '@lumino/widgets';

import { IChatMessage, OrkasConnection, Status } from './bridge';
import { ConnectorsSection } from './connectors';
import { EvolutionSection } from './evolution';
import { PlanView } from './plan';
import { isReview, ReviewControls, reviewBox } from './review';
import { TeamView } from './team';

export const PANEL_ID = 'orkas-chat-panel';

export class OrkasPanel extends Widget {
  constructor(private readonly rendermime: IRenderMimeRegistry | null) {
    super();
    this.id = PANEL_ID;
    this.addClass('orkas-Panel');
    this.title.caption = 'Orkas';
    this.node.innerHTML = `
      <div class="orkas-Header">
        <span class="orkas-Title">Orkas</span>
        <span class="orkas-Status" data-orkas="status">no notebook</span>
      </div>
      <div class="orkas-Meta" data-orkas="meta"></div>
      <div class="orkas-Notice" data-orkas="notice" hidden>
        <span data-orkas="notice-text"></span>
        <button class="orkas-Load" data-orkas="load" type="button">Load Orkas in this kernel</button>
      </div>
      <div class="orkas-Messages" data-orkas="messages"></div>
      <div class="orkas-Input">
        <textarea data-orkas="input" rows="3"
          placeholder="Ask Orkas about this notebook… (Shift+Enter to send)"></textarea>
        <div class="orkas-Buttons">
          <button class="orkas-Send" data-orkas="send" type="button">Send</button>
          <button class="orkas-Stop" data-orkas="stop" type="button" disabled>Stop</button>
        </div>
      </div>`;
    this._part('meta').after(this._connectors.node);
    this._connectors.node.after(this._plan.node);
    this._plan.node.after(this._evolution.node);
    this._part('status').after(this._review.node);
    this._input = this._part('input') as HTMLTextAreaElement;
    this._part('send').addEventListener('click', () => this._sendInput());
    this._part('stop').addEventListener('click', () => this._connection?.send({ type: 'stop' }));
    this._part('load').addEventListener('click', () => void this._connection?.load());
    this._input.addEventListener('keydown', event => {
      if (event.key === 'Enter' && event.shiftKey) {
        event.preventDefault();
        this._sendInput();
      }
    });
  }

  /** Show the chat of `connection` (null: no notebook is active). */
  setConnection(connection: OrkasConnection | null): void {
    if (connection === this._connection) {
      return;
    }
    if (this._connection) {
      this._connection.message.disconnect(this._onMessage, this);
      this._connection.statusChanged.disconnect(this._onStatus, this);
    }
    this._connection = connection;
    this._review.setConnection(connection);
    this._evolution.setConnection(connection);
    this._part('messages').innerHTML = '';
    this._connectors.reset();
    this._team.reset();
    this._plan.reset();
    this._streaming = null;
    if (connection) {
      connection.message.connect(this._onMessage, this);
      connection.statusChanged.connect(this._onStatus, this);
      for (const msg of connection.log) {
        this._render(msg);
      }
      if (this.isVisible) {
        connection.hello();
      }
    }
    this._onStatus(connection, connection ? connection.status : 'no-kernel');
  }

  protected onAfterShow(msg: Message): void {
    super.onAfterShow(msg);
    this._connection?.hello();
  }

  /** Put the cursor in the chat box. */
  focusInput(): void {
    this._input.focus();
  }

  private _sendInput(): void {
    const text = this._input.value.trim();
    if (!text || !this._connection || this._connection.status !== 'ready') {
      return;
    }
    this._connection.hello();
    this._connection.send({ type: 'send', text });
    this._input.value = '';
  }

  private _onStatus(_: unknown, status: Status): void {
    const connection = this._connection;
    const name = connection ? connection.panel.context.path : '';
    const label: { [key in Status]: string } = {
      'connecting': 'connecting…', 'ready': 'idle', 'unavailable': 'not loaded',
      'no-kernel': connection ? 'no kernel' : 'no notebook'
    };
    if (status !== 'ready' || !this._running) {
      this._part('status').textContent = label[status];
    }
    // Keep the model and usage line of the last `state` once the chat has one.
    const state = connection?.log.find(m => m.type === 'state');
    if (!state || status !== 'ready') {
      this._part('meta').textContent = name;
    }
    const notice = this._part('notice');
    notice.hidden = status !== 'unavailable';
    this._part('notice-text').textContent = connection
      ? `Orkas is not loaded in this notebook's kernel. ${connection.reason}` : '';
    (this._part('send') as HTMLButtonElement).disabled = status !== 'ready';
  }

  private _onMessage(_: unknown, msg: IChatMessage): void {
    this._render(msg);
  }

  private _render(msg: IChatMessage): void {
    const list = this._part('messages');
    if (this._plan.handle(msg)) {  // the plan's DAG above the messages (plan.ts)
      return;
    }
    // Team members, dispatch cards and floor notices (team.ts); the rest is drawn here.
    if (this._team.handle(msg)) {
      list.scrollTop = list.scrollHeight;
      return;
    }
    switch (msg.type) {
      case 'state': {
        this._running = msg.status === 'running';
        this._part('status').textContent = msg.status;
        this._part('meta').textContent =
          `${this._connection?.panel.context.path ?? ''} · ${msg.model || 'no model'}` +
          (msg.usage ? ` · ${msg.usage}` : '');
        (this._part('stop') as HTMLButtonElement).disabled = !this._running;
        break;
      }
      case 'history':
        this._team.history(msg.messages);
        break;
      case 'user':
        this._streaming = null;
        this._bubble('user', msg.text, false);
        break;
      case 'delta':
        if (!this._streaming) {
          this._streaming = this._bubble('assistant', '', false);
        }
        this._streaming.textContent += msg.text;
        break;
      case 'assistant_end':
        if (this._streaming) {
          this._streaming.remove();
          this._streaming = null;
        }
        if (msg.markdown) {
          this._bubble('assistant', msg.markdown, true);
        }
        break;
      case 'tool_start': {
        this._lastTool = { name: msg.name, arguments: msg.arguments };
        // The engine may ask for approval before it reports the call: fill the prompt in.
        list.querySelectorAll(`.orkas-Approval[data-tool="${CSS.escape(msg.name)}"]`)
          .forEach(box => this._approvalArgs(box as HTMLElement, msg.arguments));
        const card = this._element('details', 'orkas-Tool');
        card.dataset.callId = msg.id;
        const summary = this._element('summary', '');
        summary.textContent = `⚙ ${msg.name} running…`;
        const args = this._element('pre', 'orkas-ToolArgs');
        args.textContent = msg.arguments;
        card.append(summary, args);
        list.append(card);
        this._streaming = null;
        break;
      }
      case 'tool_end': {
        let card = list.querySelector(`[data-call-id="${CSS.escape(msg.id)}"]`);
        if (!card) {
          card = this._element('details', 'orkas-Tool');
          list.append(card);
        }
        card.classList.toggle('orkas-mod-error', !!msg.is_error);
        const summary = card.querySelector('summary');
        if (summary) {
          summary.textContent = `${msg.is_error ? '✗' : '✓'} ${msg.name}`;
        }
        const out = this._element('pre', 'orkas-ToolResult');
        out.textContent = msg.summary;
        card.append(out);
        for (const uri of (msg.images || []) as string[]) {
          const img = this._element('img', 'orkas-ToolImage') as HTMLImageElement;
          img.src = uri;
          card.append(img);
        }
        break;
      }
      case 'notice': {
        const note = this._element('div', `orkas-Note orkas-mod-${msg.level}`);
        note.textContent = msg.text;
        list.append(note);
        break;
      }
      case 'approval': {
        const box = this._approval(msg);
        list.append(box);
        this._team.labelApproval(box, msg);
        break;
      }
      case 'approval_done': {
        const box = list.querySelector(`[data-approval-id="${CSS.escape(msg.id)}"]`);
        if (box) {
          (box as HTMLElement).dataset.decided = msg.decision;
          box.querySelectorAll('button').forEach(b => ((b as HTMLButtonElement).disabled = true));
          const done = box.querySelector('.orkas-ApprovalDecision');
          if (done) {
            done.textContent = msg.decision === 'deny' ? 'denied' : `allowed (${msg.decision})`;
          }
        }
        break;
      }
      case 'mcp_status':
        this._connectors.update(msg);
        break;
      case 'done': {
        this._streaming = null;
        this._evolution.afterTurn();  // a reflection may follow (evolution.ts)
        const end = this._element('div', 'orkas-Done');
        end.textContent = `${msg.stop_reason}${msg.usage ? ' · ' + msg.usage : ''}`;
        list.append(end);
        break;
      }
      default:
        break;
    }
    list.scrollTop = list.scrollHeight;
  }

  private _approval(msg: IChatMessage): HTMLElement {
    if (isReview(msg)) {  // review mode: the diff with Accept / Accept all / Reject
      return reviewBox(msg, decision =>
        this._connection?.send({ type: 'approve', id: msg.id, decision }));
    }
    const box = this._element('div', 'orkas-Approval');
    box.dataset.approvalId = msg.id;
    const text = this._element('div', 'orkas-ApprovalText');
    text.textContent = `Allow ${msg.tool}? ${msg.summary} (risk: ${msg.risk})`;
    box.append(text);
    box.dataset.tool = msg.tool;
    // The approval names the tool; show the call it is about (the latest one of that tool).
    if (this._lastTool && this._lastTool.name === msg.tool) {
      this._approvalArgs(box, this._lastTool.arguments);
    }
    const choices: [string, string][] = [['once', 'Allow once'], ['run', 'Allow for this run'],
                                         ['deny', 'Deny']];
    for (const [decision, label] of choices) {
      const button = this._element('button', `orkas-Approve orkas-mod-${decision}`);
      (button as HTMLButtonElement).type = 'button';
      button.textContent = label;
      button.addEventListener('click', () => {
        this._connection?.send({ type: 'approve', id: msg.id, decision });
      });
      box.append(button);
    }
    box.append(this._element('span', 'orkas-ApprovalDecision'));
    return box;
  }

  private _approvalArgs(box: HTMLElement, raw: string): void {
    if (box.querySelector('.orkas-ApprovalArgs') || box.dataset.decided) {
      return;
    }
    const args = this._element('pre', 'orkas-ApprovalArgs');
    args.textContent = prettyArguments(raw);
    box.querySelector('.orkas-ApprovalText')?.after(args);
  }

  private _bubble(role: string, text: string, markdown: boolean): HTMLElement {
    const bubble = this._element('div', `orkas-Message orkas-mod-${role}`);
    this._part('messages').append(bubble);
    const factory = markdown && this.rendermime;
    if (factory) {
      const renderer = factory.createRenderer('text/markdown');
      const model = factory.createModel({ data: { 'text/markdown': text }, trusted: false });
      bubble.append(renderer.node);
      void renderer.renderModel(model);
    } else {
      bubble.textContent = text;
    }
    return bubble;
  }

  private _element(tag: string, className: string): HTMLElement {
    const el = document.createElement(tag);
    if (className) {
      el.className = className;
    }
    return el;
  }

  private _part(name: string): HTMLElement {
    return this.node.querySelector(`[data-orkas="${name}"]`) as HTMLElement;
  }

  private _connection: OrkasConnection | null = null;
  private _review = new ReviewControls((text, level) =>
    this._render({ type: 'notice', level, text }));
  private _connectors = new ConnectorsSection();
  private _evolution = new EvolutionSection();
  private _plan = new PlanView(msg => this._connection?.send(msg));
  private _team = new TeamView(() => this._part('messages'), this.rendermime);
  private _input: HTMLTextAreaElement;
  private _streaming: HTMLElement | null = null;
  private _running = false;
  private _lastTool: { name: string; arguments: string } | null = null;
}

/** Tool arguments as the user should read them: the command itself for shell tools. */
function prettyArguments(raw: string): string {
  try {
    const args = JSON.parse(raw);
    if (args && typeof args === 'object') {
      if (typeof args.command === 'string') {
        return args.command;
      }
      return JSON.stringify(args, null, 2);
    }
  } catch {
    // not JSON: show it as it came
  }
  return raw;
}
