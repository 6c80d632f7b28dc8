/**
 * The browser half of the live notebook bridge and of the chat transport.
 *
 * One `OrkasConnection` per open notebook: it asks the kernel (quietly) to attach Orkas,
 * opens a comm to the kernel target `orkas`, answers the kernel's cell requests from the
 * live document (unsaved edits included) and applies the kernel's edits to it at once, and
 * relays the chat protocol to whichever side panel shows this notebook.
 *
 * With kernel subshells the comm target is registered from the comm's own subshell, so the
 * bridge is up within a fraction of a second of the kernel starting even when Run All (or
 * Restart Kernel and Run All) has already queued every cell on the main shell.
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

/**
 * Python run quietly on the comm's subshell: registers the comm target only (any thread, no
 * runtime), so it does not wait for the cells queued on the main shell.
 */
export const REGISTER_CODE = [
  'try:',
  "    __import__('orkas_jupyter.jupyter.lab', fromlist=['register_target']).register_target()",
  'except ImportError:',
  "    raise RuntimeError('orkas_jupyter is not installed in this kernel') from None"
].join('\n');

/** How long to wait for the comm's subshell before connecting without one. */
const SUBSHELL_TIMEOUT_MS = 10000;

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
      this._openComm(kernel.createComm('orkas'));
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
    } else if ((status === 'idle' || status === 'busy') && !this._comm &&
               this._status === 'connecting') {
      // 'busy' too: after Restart Kernel and Run All the kernel may never look idle before
      // the first cell runs, and the bridge must be up before the agent's first edit.
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
      await kernel.info;
      if (kernel.supportsSubshells && (await this._connectOnSubshell(kernel))) {
        return;
      }
      if (this._status === 'connecting' && (await this._execute(kernel, ATTACH_CODE, true))) {
        this._openComm(kernel.createComm('orkas'));
      }
    } catch (error) {
      this._reason = String(error);
      this._setStatus('unavailable');
    } finally {
      this._attaching = null;
    }
  }

  /**
   * Register the target from the comm's own subshell and open the comm at once; then make
   * the runtime with `attach()` on the main shell, whenever the cells ahead of it are done.
   * False when the subshell did not start or the statement failed there: the caller then
   * attaches on the main shell, which reports a missing package as before.
   */
  private async _connectOnSubshell(kernel: Kernel.IKernelConnection): Promise<boolean> {
    const comm = kernel.createComm('orkas') as Kernel.IComm & ISubshellComm;
    let subshell: string | null = null;
    try {
      await withTimeout(comm.subshellStarted, SUBSHELL_TIMEOUT_MS);
      subshell = comm.subshellId ?? null;
    } catch (error) {
      console.warn('orkas: no subshell for the comm, attaching on the main shell', error);
    }
    if (!subshell) {
      comm.dispose();
      return false;
    }
    if (!(await this._execute(kernel, REGISTER_CODE, true, subshell, false))) {
      comm.dispose();
      return false;
    }
    this._openComm(comm);
    // Not awaited and not fatal: queued behind Run All, or aborted by a failing cell.
    void this._execute(kernel, ATTACH_CODE, true, null, false);
    return true;
  }

  /**
   * Run `code` in the kernel (on `subshell`, or the main shell); false when it raised, and
   * then, if `fatal`, status `unavailable` with the reason.
   */
  private async _execute(kernel: Kernel.IKernelConnection, code: string, silent: boolean,
                         subshell: string | null = null, fatal = true): Promise<boolean> {
    const content = { code, silent, store_history: false, stop_on_error: false,
                      user_expressions: {}, allow_stdin: false };
    const fail = (reason: string): boolean => {
      if (fatal) {
        this._reason = reason;
        this._setStatus('unavailable');
      } else {
        console.warn(`orkas: ${reason}`);
      }
      return false;
    };
    try {
      const future = subshell === null
        ? kernel.requestExecute(content)
        : kernel.sendShellMessage(KernelMessage.createMessage({
          msgType: 'execute_request', channel: 'shell', username: kernel.username,
          session: kernel.clientId, subshellId: subshell, content
        }), true, true);
      const reply = await future.done;
      const result = reply.content as KernelMessage.IExecuteReplyMsg['content'];
      if (result.status !== 'ok') {
        const err = result as KernelMessage.IReplyErrorContent;
        return fail(err.ename ? `${err.ename}: ${err.evalue}` : `attach ${result.status}`);
      }
      return true;
    } catch (error) {
      return fail(String(error));
    }
  }

  private _openComm(comm: Kernel.IComm): void {
    this._closeComm();
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
   * nobody chats in must not pay for that.
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
    if (data.type === 'history' || data.type === 'state' || data.type === 'mcp_status') {
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
        // `index` (undo putting a cell back, possibly first) wins over `after_id`.
        const at = typeof args.index === 'number'
          ? Math.max(0, Math.min(args.index, shared.cells.length))
          : args.after_id ? index(args.after_id) + 1 : shared.cells.length;
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
            if (args.replace_metadata) {
              // Undo: exactly the old metadata, without the keys the turn added.
              for (const key of Object.keys(cell.getMetadata())) {
                if (!(key in args.metadata)) {
                  cell.deleteMetadata(key);
                }
              }
            }
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

/** What a comm of JupyterLab >= 4.4 offers beyond `Kernel.IComm`. */
interface ISubshellComm {
  subshellStarted?: Promise<void>;
  subshellId?: string | null;
}

function withTimeout<T>(promise: Promise<T> | undefined, ms: number): Promise<T> {
  if (!promise) {
    return Promise.reject(new Error('no subshell support'));
  }
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    promise.then(
      value => { clearTimeout(timer); resolve(value); },
      error => { clearTimeout(timer); reject(error); }
    );
  });
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
