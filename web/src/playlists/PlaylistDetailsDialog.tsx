import {
  Description,
  Dialog,
  DialogPanel,
  DialogTitle,
  Field,
  Input,
  Label,
  Switch,
  Textarea,
} from '@headlessui/react';
import { XMarkIcon } from '@heroicons/react/24/outline';
import { useRef, useState, type SyntheticEvent } from 'react';
import { Cover, type ImageData } from '../components/Cover';
import {
  changedDetails,
  descriptionMaxLength,
  nameMaxLength,
  plainDescription,
  validateDetails,
  type DetailsErrors,
  type DetailsForm,
} from './details';
import { useUpdatePlaylistDetails, type PlaylistDetails } from './usePlaylistDetails';

interface PlaylistDetailsDialogProps {
  open: boolean;
  onClose: () => void;
  playlist: PlaylistDetails & { collaborative: boolean; images: readonly ImageData[] };
  /** Selects the name on opening, as for a playlist just made. */
  selectName?: boolean;
}

const fieldClass =
  'w-full rounded-md bg-neutral-800 px-3 py-2 text-white ring-1 ring-white/10 placeholder:text-neutral-500 focus:ring-2 focus:ring-white focus:outline-none data-invalid:ring-2 data-invalid:ring-red-400';

/**
 * The form's fields and their errors, from the playlist as it is; on submitting, the first field
 * that is wrong takes the focus, or the changes are saved and the form closes.
 */
function useDetailsForm(playlist: PlaylistDetails, onClose: () => void) {
  const update = useUpdatePlaylistDetails();
  const initial: DetailsForm = {
    name: playlist.name,
    description: plainDescription(playlist.description),
    public: playlist.public === true,
  };
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<DetailsErrors>({});
  const nameInput = useRef<HTMLInputElement | null>(null);
  const descriptionInput = useRef<HTMLTextAreaElement | null>(null);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const found = validateDetails(form);
    setErrors(found);
    if (found.name) {
      nameInput.current?.focus();
      return;
    }
    if (found.description) {
      descriptionInput.current?.focus();
      return;
    }
    const changes = changedDetails(initial, form);
    // Saved on screen at once; a refusal rolls it back and says why.
    if (changes) void update(playlist, changes);
    onClose();
  };

  return { form, setForm, errors, nameInput, descriptionInput, submit };
}

/** The details form; mounted afresh each time the dialog opens, so it starts from the playlist as it is. */
function DetailsFormBody({ playlist, onClose, selectName }: Omit<PlaylistDetailsDialogProps, 'open'>) {
  const { form, setForm, errors, nameInput, descriptionInput, submit } = useDetailsForm(playlist, onClose);

  return (
    <form onSubmit={submit} noValidate className="space-y-4 px-5 pb-5">
      <div className="flex gap-4">
        <Cover images={playlist.images} size={144} className="hidden size-36 shadow-lg sm:block" />
        <div className="min-w-0 flex-1 space-y-4">
          <Field>
            <Label className="mb-1 block text-sm font-semibold">Name</Label>
            <Input
              ref={nameInput}
              autoFocus
              onFocus={(event) => {
                if (selectName) event.currentTarget.select();
              }}
              value={form.name}
              invalid={!!errors.name}
              onChange={(event) => setForm({ ...form, name: event.target.value })}
              className={fieldClass}
            />
            <FieldHint error={errors.name} length={form.name.trim().length} max={nameMaxLength} />
          </Field>
          <Field>
            <Label className="mb-1 block text-sm font-semibold">Description</Label>
            <Textarea
              ref={descriptionInput}
              value={form.description}
              invalid={!!errors.description}
              rows={4}
              placeholder="Add an optional description"
              onChange={(event) => setForm({ ...form, description: event.target.value })}
              className={`${fieldClass} resize-none`}
            />
            <FieldHint error={errors.description} length={form.description.trim().length} max={descriptionMaxLength} />
          </Field>
        </div>
      </div>
      <PublicField
        collaborative={playlist.collaborative}
        checked={form.public}
        onChange={(checked) => setForm({ ...form, public: checked })}
      />
      <FormActions onClose={onClose} />
    </form>
  );
}

/** Under a field: what is wrong with it, or how many of its characters are used. */
function FieldHint({ error, length, max }: { error?: string; length: number; max: number }) {
  return error ? (
    <Description className="mt-1 text-sm text-red-300">{error}</Description>
  ) : (
    <Description className="mt-1 text-xs text-neutral-400">
      {length}/{max}
    </Description>
  );
}

interface PublicFieldProps {
  /** A collaborative playlist cannot be made public. */
  collaborative: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** Whether the playlist shows on the listener's profile. */
function PublicField({ collaborative, checked, onChange }: PublicFieldProps) {
  return (
    <Field disabled={collaborative} className="flex items-center justify-between gap-4">
      <span>
        <Label className="block text-sm font-semibold data-disabled:opacity-60">Public</Label>
        <Description className="text-xs text-neutral-400">
          {collaborative ? 'A collaborative playlist stays private.' : 'Public playlists show on your profile.'}
        </Description>
      </span>
      <Switch
        checked={checked}
        onChange={onChange}
        className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-neutral-600 transition focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none data-checked:bg-accent data-disabled:opacity-50"
      >
        <span
          aria-hidden="true"
          className="size-4 translate-x-1 rounded-full bg-white transition group-data-checked:translate-x-6"
        />
      </Switch>
    </Field>
  );
}

/** Leaves the form as it was, or saves it. */
function FormActions({ onClose }: { onClose: () => void }) {
  return (
    <div className="flex justify-end gap-3 pt-2">
      <button
        type="button"
        onClick={onClose}
        className="rounded-full px-5 py-2 font-semibold text-neutral-300 hover:text-white"
      >
        Cancel
      </button>
      <button type="submit" className="rounded-full bg-white px-6 py-2 font-bold text-black hover:scale-105">
        Save
      </button>
    </div>
  );
}

/** Edits a playlist's name, description and visibility, checked before they are sent. */
export default function PlaylistDetailsDialog({ open, onClose, playlist, selectName }: PlaylistDetailsDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/70" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-lg rounded-xl bg-neutral-900 shadow-2xl ring-1 ring-white/10">
          <div className="flex items-center justify-between p-5">
            <DialogTitle className="text-xl font-bold">Edit details</DialogTitle>
            <button type="button" onClick={onClose} aria-label="Close" className="rounded-full p-1 hover:bg-white/10">
              <XMarkIcon aria-hidden="true" className="size-6" />
            </button>
          </div>
          {open && <DetailsFormBody playlist={playlist} onClose={onClose} selectName={selectName} />}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
