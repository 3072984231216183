import { emailSchema, isEmailLike } from "@fonika/shared";
import { completedPhone } from "../../../components/ui/email-or-phone-input.tsx";
import { CLIENT_ERRORS, REQUIRED_FIELD } from "../../../lib/error-messages.ts";

/** Where a sign-in code goes: the combined field's value, read as e-mail or phone. */
export type SignInTarget = { kind: "email"; email: string } | { kind: "phone"; phone: string };

/**
 * Reads the combined field; answers the message to show when it is neither
 * (an empty field asks for what it takes: 'Введите e-mail или номер телефона').
 */
export function readSignInTarget(value: string): SignInTarget | { error: string } {
  const trimmed = value.trim();
  if (!trimmed) return { error: REQUIRED_FIELD.emailOrPhone };
  if (isEmailLike(trimmed) || trimmed.includes("@")) {
    const email = trimmed.toLowerCase();
    return emailSchema.safeParse(email).success
      ? { kind: "email", email }
      : { error: CLIENT_ERRORS.invalidEmail };
  }
  // Only a full '+7 (###) ###-##-##': an unfinished one is not another number.
  const phone = completedPhone(trimmed);
  return phone ? { kind: "phone", phone } : { error: CLIENT_ERRORS.invalidPhone };
}
