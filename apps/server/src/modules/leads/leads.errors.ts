import { errors } from "../../lib/app-error.ts";

/** The errors of the lead form and the leads list, with their Russian texts in one place. */
export const leadErrors = {
  invalidPhone: errors.invalidPhone,
};
