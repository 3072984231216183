import { MESSAGES, type Profile, STAFF_ROLES } from "@fonika/shared";

type NameParts = Pick<Profile, "firstName" | "lastName" | "login"> &
  Partial<Pick<Profile, "status" | "role">>;

/** How people are named on screen (header, profile, staff pages), one way everywhere. */

/**
 * A deleted account's name and login are erased (152-FZ): staff see
 * 'Удалённый клиент' (or 'Удалённый пользователь' for a staff account).
 */
function deletedNameOf(profile: NameParts): string | undefined {
  if (profile.status !== "deleted") return undefined;
  const staff = (STAFF_ROLES as readonly string[]).includes(profile.role ?? "");
  return staff ? MESSAGES.deletedUser : MESSAGES.deletedClient;
}

/** 'Иван Петров', or the login while the profile has no name yet. */
export function displayNameOf(profile: NameParts): string {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ").trim();
  return deletedNameOf(profile) ?? (name || profile.login);
}

/** 'Иванова Анна Сергеевна', or the login while the profile has no name yet. */
export function fullNameOf(profile: NameParts & Pick<Profile, "patronymic">): string {
  const name = [profile.lastName, profile.firstName, profile.patronymic]
    .filter(Boolean)
    .join(" ")
    .trim();
  return deletedNameOf(profile) ?? (name || profile.login || "—");
}

/** Two letters for the avatar: first and last name, else the login's first letter. */
export function initialsOf(profile: NameParts): string {
  const letters = [profile.firstName, profile.lastName]
    .map((part) => part?.trim().charAt(0) ?? "")
    .join("");
  return (letters || profile.login.charAt(0) || "?").toUpperCase();
}
