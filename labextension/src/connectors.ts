/**
 * The "Connectors" section of the Orkas side panel: each MCP server configured for the
 * notebook's kernel (docs/mcp.md) with its transport and state, the tools the scanner left
 * out with the reason, and broken entries of mcp.json. The kernel sends the whole view as
 * `{type: "mcp_status", servers, problems}` (docs/jupyterlab.md) whenever it changes, so
 * the section is redrawn from each message. Hidden while no server is configured.
 */
import { IChatMessage } from './bridge';

/** One server as the kernel describes it (`ecosystem/mcp/status.py`). */
interface IServerView {
  name: string;
  type: string;
  state: string;
  tools: number;
  left_out: { [tool: string]: string };
  detail: string;
  source: string;
}

const STATE_LABELS: { [state: string]: string } = {
  'not started': 'not started',
  waiting: 'waiting for consent',
  starting: 'connecting…',
  ready: 'connected',
  failed: 'failed',
  denied: 'not started (denied)',
  disabled: 'disabled',
  crashed: 'crashed'
};

/** What the state line says, e.g. "connected · 2 tools". */
export function stateLabel(server: IServerView): string {
  const label = STATE_LABELS[server.state] ?? server.state;
  if (server.state !== 'ready') {
    return label;
  }
  return `${label} · ${server.tools} tool${server.tools === 1 ? '' : 's'}`;
}

export class ConnectorsSection {
  constructor() {
    this.node = document.createElement('details');
    this.node.className = 'orkas-Connectors';
    this.node.open = true;
    this.node.hidden = true;
    this._summary = document.createElement('summary');
    this._list = document.createElement('ul');
    this._list.className = 'orkas-ConnectorList';
    this.node.append(this._summary, this._list);
  }

  /** The section's element, mounted once by the panel. */
  readonly node: HTMLDetailsElement;

  /** Redraw from one `mcp_status` message. */
  update(msg: IChatMessage): void {
    const servers = (msg.servers || []) as IServerView[];
    const problems = (msg.problems || []) as string[];
    this._list.replaceChildren(...servers.map(server => this._server(server)));
    for (const problem of problems) {
      this._list.append(this._line('li', 'orkas-ConnectorProblem', problem));
    }
    const connected = servers.filter(s => s.state === 'ready').length;
    const failed = servers.filter(s => ['failed', 'crashed', 'denied'].includes(s.state)).length;
    const counts = [`${connected}/${servers.length} connected`];
    if (failed) {
      counts.push(`${failed} failed`);
    }
    this._summary.textContent = `Connectors (MCP) · ${counts.join(' · ')}`;
    this.node.hidden = servers.length === 0 && problems.length === 0;
  }

  /** Forget what was shown (another notebook's kernel is shown now). */
  reset(): void {
    this._list.replaceChildren();
    this.node.hidden = true;
  }

  private _server(server: IServerView): HTMLElement {
    const item = this._line('li', 'orkas-Connector', '');
    item.dataset.server = server.name;
    item.dataset.state = server.state;
    item.title = server.source;
    const head = this._line('div', 'orkas-ConnectorHead', '');
    head.append(
      this._line('span', 'orkas-ConnectorName', server.name),
      this._line('span', 'orkas-ConnectorType', server.type),
      this._line('span', `orkas-ConnectorState orkas-mod-${server.state.replace(' ', '-')}`,
                 stateLabel(server)));
    item.append(head);
    if (server.detail && server.state !== 'ready') {
      item.append(this._line('div', 'orkas-ConnectorDetail', server.detail));
    }
    for (const [tool, why] of Object.entries(server.left_out || {})) {
      item.append(this._line('div', 'orkas-ConnectorLeftOut', `${tool} not offered: ${why}`));
    }
    return item;
  }

  private _line(tag: string, className: string, text: string): HTMLElement {
    const el = document.createElement(tag);
    el.className = className;
    el.textContent = text;
    return el;
  }

  private _summary: HTMLElement;
  private _list: HTMLElement;
}
