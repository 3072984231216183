import { PLAYER_UPDATE_TEXTS, type PlayerUpdateMeta, playerUpdateMetaSchema } from "@fonika/shared";

export interface MetaFormValues {
  name: string;
  version: string;
}
export type MetaFieldErrors = Partial<Record<keyof MetaFormValues, string>>;

/**
 * The name and version a form sends, checked by the shared schema as the
 * server checks them, or the message of each field it refuses.
 */
export function metaInputOf(
  values: MetaFormValues,
): { input: PlayerUpdateMeta; errors: null } | { input: null; errors: MetaFieldErrors } {
  const parsed = playerUpdateMetaSchema.safeParse(values);
  if (parsed.success) return { input: parsed.data, errors: null };
  const errors: MetaFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "name") errors.name ??= PLAYER_UPDATE_TEXTS.badName;
    if (field === "version") errors.version ??= PLAYER_UPDATE_TEXTS.badVersion;
  }
  return { input: null, errors };
}

export const VERSION_HINT = "Например, 1.4.2 или 1.5.0-beta.1";
