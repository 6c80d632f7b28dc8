/**
 * orkas-jupyter's JupyterLab / Notebook 7 extension: the right-side "Orkas" chat panel for the
 * active notebook's kernel, a command-palette entry and shortcut, and the live notebook bridge
 * (one `OrkasConnection` per open notebook).
 */
import {
  ILabShell,
  JupyterFrontEnd,
  JupyterFrontEndPlugin
} from '@jupyterlab/application';
import { ICommandPalette } from '@jupyterlab/apputils';
import { INotebookTracker, NotebookPanel } from '@jupyterlab/notebook';
import { IRenderMimeRegistry } from '@jupyterlab/rendermime';

import { OrkasConnection } from './bridge';
import { OrkasPanel } from './panel';

const COMMAND = 'orkas:open-chat';
const INTERRUPT_COMMANDS = new Set(['notebook:interrupt-kernel', 'kernelmenu:interrupt']);

const plugin: JupyterFrontEndPlugin<void> = {
  id: 'orkas-jupyter:plugin',
  description: 'Orkas side panel and live notebook bridge',
  autoStart: true,
  requires: [INotebookTracker],
  optional: [ICommandPalette, IRenderMimeRegistry, ILabShell],
  activate: (
    app: JupyterFrontEnd,
    tracker: INotebookTracker,
    palette: ICommandPalette | null,
    rendermime: IRenderMimeRegistry | null,
    labShell: ILabShell | null
  ) => {
    const connections = new Map<NotebookPanel, OrkasConnection>();
    const panel = new OrkasPanel(rendermime);
    panel.title.label = 'Orkas';
    app.shell.add(panel, 'right', { rank: 600 });

    const connectionFor = (nb: NotebookPanel | null): OrkasConnection | null => {
      if (!nb) {
        return null;
      }
      let connection = connections.get(nb);
      if (!connection) {
        connection = new OrkasConnection(nb);
        connections.set(nb, connection);
        nb.disposed.connect(() => {
          connections.get(nb)?.dispose();
          connections.delete(nb);
          if (tracker.currentWidget === null) {
            panel.setConnection(null);
          }
        });
      }
      return connection;
    };

    // Every open notebook gets a bridge, whether or not the panel shows it.
    tracker.widgetAdded.connect((_, nb) => {
      connectionFor(nb);
    });
    tracker.forEach(nb => connectionFor(nb));
    tracker.currentChanged.connect((_, nb) => panel.setConnection(connectionFor(nb)));
    panel.setConnection(connectionFor(tracker.currentWidget));

    app.commands.addCommand(COMMAND, {
      label: 'Orkas: Open Chat Panel',
      caption: "Chat with the Orkas agent in the active notebook's kernel",
      execute: () => {
        if (labShell) {
          labShell.activateById(panel.id);
        } else {
          app.shell.activateById(panel.id);
        }
        panel.setConnection(connectionFor(tracker.currentWidget));
        panel.focusInput();
      }
    });
    app.commands.addKeyBinding({
      command: COMMAND,
      keys: ['Accel Shift O'],
      selector: 'body'
    });
    palette?.addItem({ command: COMMAND, category: 'Orkas' });

    // A panel turn runs on the kernel's agent thread, which a kernel interrupt (SIGINT to the
    // main thread) does not reach: the user's interrupt also stops the notebook's chat turn.
    app.commands.commandExecuted.connect((_, args) => {
      if (INTERRUPT_COMMANDS.has(args.id)) {
        connections.get(tracker.currentWidget as NotebookPanel)?.send({ type: 'stop' });
      }
    });

    // Closing the tab: tell the kernels, so their tools fall back to the file at once.
    window.addEventListener('pagehide', () => {
      connections.forEach(connection => connection.dispose());
    });

    // Tests drive the page through this (read-only use; see tests/e2e).
    (window as any).orkasJupyter = { connections, panel };
  }
};

export default plugin;
