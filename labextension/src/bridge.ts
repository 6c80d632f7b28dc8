/**
 * The browser half of the live notebook bridge (T7) and of the chat transport.
 *
 * One `OrkasConnection` per open notebook: it asks the kernel (quietly) to attach Orkas,
 * opens a comm to the kernel target `orkas`, answers the kernel's cell requests from the
 * live document (unsaved edits included) and applies the kernel's edits to it at once, and
 * relays the chat protocol to whichever side panel shows this notebook.
 */
import { NotebookPanel } from '@jupyterlab/notebook';
import { Kernel, KernelMessage } from '@jupyterlab/services';
import { ISignal, Signal } from '@lumino/signaling';

/** Python run quietly (silent, no history) to register the `orkas` comm target. */
export const ATTACH_CODE = [
  'try:',
  "    __import__('orkas_jupyter.jupyter.lab', fromlist=['attach']).attach()",
  'except ImportError:',
  "    raise RuntimeError('orkas_jupyter is not installed in this kernel') from None"
].join('\n');

/** Python run (visibly in the kernel) when the user asks the panel to load Orkas. */
export const LOAD_CODE = [
  '%load_ext orkas_jupyter',
  "__import__('orkas_jupyter.jupyter.lab', fromlist=['attach']).attach()"
].join('\n');

export type Status = 'connecting' | 'ready' | 'unavailable' | 'no-kernel';

type JSONObject = { [key: string]: any };

/** A chat-protocol message from the kernel. */
export interface IChatMessage extends JSONObject {
  type: string;
}

/** A cell as the kernel's tools see it (nbformat 4 fields). */
interface ICellJSON {
  id: string;
  cell_type: string;
  source: string;
  outputs?: JSONObject[];
  execution_count?: number | null;
  metadata?: JSONObject;
}

export class OrkasConnection {
  constructor(readonly panel: NotebookPanel) {
    panel.sessionContext.kernelChanged.connect(this._onKernelChanged, this);
    panel.sessionContext.statusChanged.connect(this._onStatus, this);
    void panel.sessionContext.ready.then(() => this._connect());
  }

  /** Connection state changes (for the side panel). */
  get statusChanged(): ISignal<this, Status> {
    return this._statusChanged;
  }

  /** Chat messages from the kernel, in order. */
  get message(): ISignal<this, IChatMessage> {
    return this._message;
  }

  get status(): Status {
    return this._status;
  }

  /** Why the kernel could not attach, when `status` is `unavailable`. */
  get reason(): string {
    return this._reason;
  }

  /** Everything the kernel said in this chat since the comm opened (replayed on switch). */
  get log(): IChatMessage[] {
    return this._log;
  }

  /** Send a chat-protocol message to the kernel. */
  send(msg: JSONObject): void {
    if (this._comm && !this._comm.isDisposed) {
      this._comm.send(msg);
    }
  }

  /** Load the IPython extension (visible to the kernel) and attach again. */
  async load(): Promise<void> {
    const kernel = this.panel.sessionContext.session?.kernel;
    if (!kernel) {
      return;
    }
    this._setStatus('connecting');
    const ok = await this._execute(kernel, LOAD_CODE, false);
    if (ok) {
      this._openComm(kernel);
    }
  }

  dispose(): void {
    this._closeComm();
    Signal.clearData(this);
  }

  private _onKernelChanged(): void {
    this._closeComm();
    void this._connect();
  }

  private _onStatus(_: unknown, status: Kernel.Status): void {
    if (status === 'restarting' || status === 'autorestarting') {
      this._closeComm();
      this._setStatus('connecting');
    } else if (status === 'idle' && !this._comm && this._status === 'connecting') {
      void this._connect();
    }
  }

  private async _connect(): Promise<void> {
    const kernel = this.panel.sessionContext.session?.kernel;
    if (!kernel) {
      this._setStatus('no-kernel');
      return;
    }
    if (this._attaching === kernel) {
      return;
    }
    this._attaching = kernel;
    this._setStatus('connecting');
    try {
      const spec = await kernel.spec;
      if (spec && spec.language && spec.language.toLowerCase() !== 'python') {
        this._reason = `Orkas needs a Python kernel (this one is ${spec.language}).`;
        this._setStatus('unavailable');
        return;
      }
      if (await this._execute(kernel, ATTACH_CODE, true)) {
        this._openComm(kernel);
      }
    } finally {
      this._attaching = null;
    }
  }

  /** Run `code` in the kernel; false (and status `unavailable`) when it raised. */
  private async _execute(kernel: Kernel.IKernelConnection, code: string,
                         silent: boolean): Promise<boolean> {
    try {
      const future = kernel.requestExecute({ code, silent, store_history: false,
                                             stop_on_error: false });
      const reply = await future.done;
      const content = reply.content as KernelMessage.IExecuteReplyMsg['content'];
      if (content.status !== 'ok') {
        const err = content as KernelMessage.IReplyErrorContent;
        this._reason = `${err.ename}: ${err.evalue}`;
        this._setStatus('unavailable');
        return false;
      }
      return true;
    } catch (error) {
      this._reason = String(error);
      this._setStatus('unavailable');
      return false;
    }
  }

  private _openComm(kernel: Kernel.IKernelConnection): void {
    this._closeComm();
    const comm = kernel.createComm('orkas');
    this._comm = comm;
    this._log = [];
    comm.onMsg = msg => this._onCommMsg(msg.content.data as JSONObject);
    comm.onClose = () => {
      if (this._comm === comm) {
        this._comm = null;
        if (this._status === 'ready') {
          this._reason = 'The kernel closed the Orkas connection.';
          this._setStatus('unavailable');
        }
      }
    };
    comm.open({ notebook: this.panel.context.path });
    this._greeted = false;
    this._setStatus('ready');
    if (this._wantChat) {
      this.hello();
    }
  }

  /**
   * Start the chat: the kernel answers with its state and the history. Sent only once a
   * panel shows this notebook, because it builds the agent (litellm, the store) — a notebook
   * nobody chats in must not pay for that (J1).
   */
  hello(): void {
    this._wantChat = true;
    if (!this._greeted && this._comm && !this._comm.isDisposed) {
      this._greeted = true;
      this._comm.send({ type: 'hello' });
    }
  }

  private _closeComm(): void {
    const comm = this._comm;
    this._comm = null;
    if (comm && !comm.isDisposed) {
      try {
        comm.close();
      } catch {
        // the kernel is already gone; nothing to tell it
      }
    }
  }

  private _onCommMsg(data: JSONObject): void {
    if (data.type === 'nb_request') {
      this._answer(data);
      return;
    }
    if (data.type === 'history' || data.type === 'state') {
      // `state` is repeated often; the log keeps the last one only.
      this._log = this._log.filter(m => m.type !== data.type);
    }
    this._log.push(data as IChatMessage);
    this._message.emit(data as IChatMessage);
  }

  /** Answer one cell request from the kernel's bridge back-end. */
  private _answer(req: JSONObject): void {
    let reply: JSONObject;
    try {
      reply = { type: 'nb_reply', rid: req.rid, ok: true,
                result: this._apply(req.op, req.args || {}) };
    } catch (error) {
      reply = { type: 'nb_reply', rid: req.rid, ok: false,
                error: error instanceof Error ? error.message : String(error) };
    }
    this.send(reply);
  }

  private _apply(op: string, args: JSONObject): any {
    const model = this.panel.content.model;
    if (!model) {
      throw new Error('the notebook is not loaded in the browser');
    }
    const shared = model.sharedModel;
    const index = (id: string): number => {
      const i = shared.cells.findIndex(c => c.id === id);
      if (i < 0) {
        throw new Error(`no cell with id ${id}`);
      }
      return i;
    };
    switch (op) {
      case 'cells':
        return shared.cells.map(c => cellJSON(c.toJSON() as JSONObject));
      case 'insert': {
        const cell = args.cell as ICellJSON;
        const at = args.after_id ? index(args.after_id) + 1 : shared.cells.length;
        const fresh: JSONObject = { id: cell.id, cell_type: cell.cell_type, source: cell.source,
                                    metadata: cell.metadata || {} };
        if (cell.cell_type === 'code') {
          fresh.outputs = cell.outputs || [];
          fresh.execution_count = cell.execution_count ?? null;
        }
        shared.insertCell(at, fresh as any);
        return { index: at, id: shared.cells[at].id };
      }
      case 'update': {
        const cell = shared.cells[index(args.cell_id)] as any;
        shared.transact(() => {
          if (typeof args.source === 'string') {
            cell.setSource(args.source);
          }
          if (Array.isArray(args.outputs) && cell.cell_type === 'code') {
            cell.setOutputs(args.outputs);
            cell.execution_count = args.execution_count ?? null;
          }
          if (args.metadata) {
            cell.setMetadata({ ...cell.getMetadata(), ...args.metadata });
          }
        });
        return cellJSON(cell.toJSON());
      }
      case 'delete':
        shared.deleteCell(index(args.cell_id));
        return null;
      default:
        throw new Error(`unknown notebook operation ${op}`);
    }
  }

  private _setStatus(status: Status): void {
    if (this._status !== status) {
      this._status = status;
      this._statusChanged.emit(status);
    }
  }

  private _status: Status = 'connecting';
  private _reason = '';
  private _comm: Kernel.IComm | null = null;
  private _attaching: Kernel.IKernelConnection | null = null;
  private _log: IChatMessage[] = [];
  private _greeted = false;
  private _wantChat = false;
  private _statusChanged = new Signal<this, Status>(this);
  private _message = new Signal<this, IChatMessage>(this);
}

function cellJSON(raw: JSONObject): ICellJSON {
  const source = Array.isArray(raw.source) ? raw.source.join('') : String(raw.source ?? '');
  const cell: ICellJSON = { id: String(raw.id ?? ''), cell_type: raw.cell_type, source,
                            metadata: raw.metadata || {} };
  if (raw.cell_type === 'code') {
    cell.outputs = raw.outputs || [];
    cell.execution_count = raw.execution_count ?? null;
  }
  return cell;
}
