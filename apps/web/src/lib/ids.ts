const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Space and user ids are UUIDs; any other first path segment is an unknown route. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Initials for an avatar placeholder. */
export function initials(firstName: string, lastName: string, fallback = ''): string {
  const text = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
  return text || fallback.trim().charAt(0).toUpperCase();
}
