const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else is answered like a missing record rather than a database error. */
export function isUuid(id: string): boolean {
  return uuidPattern.test(id);
}
