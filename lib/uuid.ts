const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A well-formed UUID: checked before a lookup, so a malformed id is "not found" rather than a database error. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
