import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';

interface DeletePlaylistDialogProps {
  open: boolean;
  name: string;
  onClose: () => void;
  onConfirm: () => void;
}

/** Asks before a playlist of one's own is deleted from one's library. */
export default function DeletePlaylistDialog({ open, name, onClose, onConfirm }: DeletePlaylistDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} role="alertdialog" className="relative z-50">
      <div className="fixed inset-0 bg-black/70" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-sm space-y-3 rounded-xl bg-white p-6 text-black shadow-2xl">
          <DialogTitle className="text-xl font-bold">Delete from Your Library?</DialogTitle>
          <Description className="text-neutral-700">
            This will delete <strong className="break-words">{name}</strong> from Your Library.
          </Description>
          <div className="flex justify-end gap-3 pt-3">
            <button
              type="button"
              autoFocus
              onClick={onClose}
              className="rounded-full px-5 py-2 font-semibold text-neutral-700 hover:text-black"
            >
              Cancel
            </button>
            <button
              type="button"
              onClick={onConfirm}
              className="rounded-full bg-accent px-6 py-2 font-bold text-black hover:scale-105"
            >
              Delete
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
