import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { XMarkIcon } from '@heroicons/react/24/outline';
import { shortcuts } from './shortcuts';

/** The list of keyboard shortcuts, in a dialog. */
export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/70" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-xl bg-neutral-900 p-6 shadow-2xl ring-1 ring-white/10">
          <div className="flex items-center justify-between">
            <DialogTitle className="text-xl font-bold">Keyboard shortcuts</DialogTitle>
            <button type="button" onClick={onClose} aria-label="Close" className="rounded-full p-1 hover:bg-white/10">
              <XMarkIcon aria-hidden="true" className="size-6" />
            </button>
          </div>
          <p className="mt-1 text-sm text-neutral-400">They work anywhere but in a text field or an open menu.</p>
          <dl className="mt-4 divide-y divide-white/10">
            {shortcuts.map((shortcut) => (
              <div key={shortcut.keys} className="flex justify-between py-2">
                <dt className="text-neutral-300">{shortcut.does}</dt>
                <dd>
                  <kbd className="rounded bg-neutral-800 px-2 py-0.5 font-mono text-sm">{shortcut.keys}</kbd>
                </dd>
              </div>
            ))}
          </dl>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
