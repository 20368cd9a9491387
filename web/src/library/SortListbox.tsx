import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { CheckIcon, ChevronUpDownIcon } from '@heroicons/react/20/solid';
import { sortButtonClass, sortLabels, type LibrarySort } from './library-entries';

export interface SortListboxProps {
  sort: LibrarySort;
  sorts: LibrarySort[];
  onChange: (sort: LibrarySort) => void;
}

/** The library's sort order, as a listbox; loaded after the first screen (its look-alike is in LibraryPage). */
export default function SortListbox({ sort, sorts, onChange }: SortListboxProps) {
  return (
    <Field className="flex items-center gap-2">
      <Label className="sr-only">Sort by</Label>
      <Listbox value={sort} onChange={onChange}>
        <ListboxButton className={sortButtonClass}>
          <span className="whitespace-nowrap">{sortLabels[sort]}</span>
          <ChevronUpDownIcon aria-hidden="true" className="size-4" />
        </ListboxButton>
        <ListboxOptions
          anchor={{ to: 'bottom end', gap: 4 }}
          className="z-50 w-48 rounded-md bg-neutral-800 py-1 shadow-xl ring-1 ring-white/10 focus:outline-none"
        >
          {sorts.map((option) => (
            <ListboxOption
              key={option}
              value={option}
              className="group flex cursor-default items-center justify-between px-3 py-2 text-sm data-focus:bg-white/10 data-selected:text-accent"
            >
              {sortLabels[option]}
              <CheckIcon aria-hidden="true" className="invisible size-4 group-data-selected:visible" />
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
