import type { Profile } from "@fonika/shared";

type NameParts = Pick<Profile, "firstName" | "lastName" | "login">;

/** 'Иван Петров', or the login while the profile has no name yet. */
export function displayNameOf(profile: NameParts): string {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ").trim();
  return name || profile.login;
}

/** Two letters for the avatar: first and last name, else the login's first letter. */
export function initialsOf(profile: NameParts): string {
  const letters = [profile.firstName, profile.lastName]
    .map((part) => part?.trim().charAt(0) ?? "")
    .join("");
  return (letters || profile.login.charAt(0) || "?").toUpperCase();
}
