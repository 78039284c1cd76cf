export interface NamedUser {
  name?: string | null;
  email?: string | null;
}

/** Header display: full name, else e-mail, else "User" (spec 000 §2, 001 §2). */
export function displayName(user: NamedUser | null | undefined, fullName?: string | null): string {
  const name = (fullName ?? user?.name ?? '').trim();
  if (name) return name;
  const email = (user?.email ?? '').trim();
  return email || 'User';
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/**
 * Greeting name (spec 002 §2.1): first word of the full name, else of the name, else the
 * capitalised part of the e-mail before the at-sign, else "User".
 */
export function firstName(fullName: string | null | undefined, name: string | null | undefined, email: string | null | undefined): string {
  for (const candidate of [fullName, name]) {
    const first = (candidate ?? '').trim().split(/\s+/)[0];
    if (first) return first;
  }
  const local = (email ?? '').split('@')[0]?.trim();
  return local ? capitalise(local) : 'User';
}
