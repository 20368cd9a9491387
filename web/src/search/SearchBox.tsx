import { MagnifyingGlassIcon, XMarkIcon } from '@heroicons/react/24/outline';
import type { Ref } from 'react';
import { maxQueryLength } from './url';

interface SearchBoxProps {
  text: string;
  onText: (text: string) => void;
  /** Enter: search now. */
  onSubmit: () => void;
  /** The clear button: empty the box and search nothing. */
  onClear: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** What is typed is not searched yet, or its answer is on its way: a spinner takes the magnifier's place. */
  busy?: boolean;
}

/** The one search box: what to listen to, searched as it is typed. */
export function SearchBox({ text, onText, onSubmit, onClear, inputRef, busy = false }: SearchBoxProps) {
  return (
    <form
      role="search"
      aria-label="Search the catalog"
      aria-busy={busy}
      className="relative w-full max-w-xl"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor="search-box" className="sr-only">
        What do you want to listen to?
      </label>
      {busy ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 animate-spin rounded-full border-2 border-neutral-600 border-t-white"
        />
      ) : (
        <MagnifyingGlassIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-neutral-400"
        />
      )}
      <input
        ref={inputRef}
        id="search-box"
        type="search"
        value={text}
        maxLength={maxQueryLength}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder="What do you want to listen to?"
        onChange={(event) => onText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text) {
            event.preventDefault();
            onClear();
          }
        }}
        className="h-12 w-full appearance-none rounded-full bg-neutral-800 pr-12 pl-12 text-base text-white placeholder:text-neutral-400 ring-1 ring-white/10 hover:ring-white/30 focus:ring-2 focus:ring-white focus:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={onClear}
          className="absolute top-1/2 right-0.5 -translate-y-1/2 rounded-full p-3 text-neutral-300 sm:right-3 sm:p-1 hover:text-white"
        >
          <XMarkIcon aria-hidden="true" className="size-5" />
        </button>
      )}
    </form>
  );
}
