import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface TabsProps<Name extends string> {
  /** The tabs, in order. */
  names: readonly Name[];
  labels: Record<Name, string>;
  selected: Name;
  onSelect: (name: Name) => void;
  /** The list's accessible name. */
  label: string;
  listClassName?: string;
  tabClassName?: string;
  panelClassName?: string;
  /** Between the list and the panel (a live status, say). */
  between?: ReactNode;
  panelProps?: { 'aria-busy'?: boolean };
  /** The selected tab's content. */
  children: ReactNode;
}

/**
 * Tabs as the WAI-ARIA pattern has them, with manual activation: the arrow keys, Home and End move
 * between the tabs, Enter or Space (or a click) selects one. Only the selected tab's panel is rendered.
 */
export function Tabs<Name extends string>({
  names,
  labels,
  selected,
  onSelect,
  label,
  listClassName = '',
  tabClassName = '',
  panelClassName = '',
  between,
  panelProps,
  children,
}: TabsProps<Name>) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (name: Name) => `${id}-tab-${name}`;
  const panelId = `${id}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = names.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[target]?.focus();
  };

  return (
    <>
      <div ref={listRef} role="tablist" aria-label={label} aria-orientation="horizontal" className={listClassName}>
        {names.map((name, index) => {
          const isSelected = name === selected;
          return (
            <button
              key={name}
              type="button"
              role="tab"
              id={tabId(name)}
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              tabIndex={isSelected ? 0 : -1}
              data-selected={isSelected ? '' : undefined}
              className={tabClassName}
              onClick={() => {
                if (!isSelected) onSelect(name);
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {labels[name]}
            </button>
          );
        })}
      </div>
      {between}
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(selected)}
        // The panel is reachable from its tab with the Tab key, as the pattern asks when it may start with text.
        tabIndex={0}
        className={panelClassName}
        {...panelProps}
      >
        {children}
      </div>
    </>
  );
}
