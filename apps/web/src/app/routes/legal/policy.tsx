import { LegalPage } from "./legal-page.tsx";
import { POLICY_TEXT } from "./texts/policy-text.ts";

export default function PolicyScreen() {
  return <LegalPage document={POLICY_TEXT} />;
}
