/** A playlist's details as the listener edits them. */
export interface DetailsForm {
  name: string;
  description: string;
  public: boolean;
}

export interface DetailsErrors {
  name?: string;
  description?: string;
}

/** The music service's bounds (schema/playlists.graphql). */
export const nameMaxLength = 100;
export const descriptionMaxLength = 300;

/** What is wrong with the details, field by field, in words; empty when they can be saved. */
export function validateDetails(form: DetailsForm): DetailsErrors {
  const errors: DetailsErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'Give the playlist a name.';
  else if (name.length > nameMaxLength) {
    errors.name = `The name is ${String(name.length)} characters long; ${String(nameMaxLength)} at most.`;
  }
  const description = form.description.trim();
  if (description.length > descriptionMaxLength) {
    errors.description = `The description is ${String(description.length)} characters long; ${String(descriptionMaxLength)} at most.`;
  }
  return errors;
}

/** What to send: trimmed, and only what changed (null when nothing did). */
export function changedDetails(
  before: DetailsForm,
  after: DetailsForm,
): Partial<Pick<DetailsForm, 'name' | 'description' | 'public'>> | null {
  const changes: Partial<DetailsForm> = {};
  const name = after.name.trim();
  const description = after.description.trim();
  if (name !== before.name) changes.name = name;
  if (description !== before.description.trim()) changes.description = description;
  if (after.public !== before.public) changes.public = after.public;
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * A description as plain text: music services send it with HTML entities (`&amp;`, `&#x27;`).
 * Parsed as an inert document and read as text only, so no markup ever reaches the page.
 */
export function plainDescription(description: string | null | undefined): string {
  if (!description) return '';
  if (!/[&<]/.test(description)) return description;
  return new DOMParser().parseFromString(description, 'text/html').documentElement.textContent;
}
