import { LegalPage } from "./legal-page.tsx";
import { PPD_TEXT } from "./texts/ppd-text.ts";

export default function PpdScreen() {
  return <LegalPage document={PPD_TEXT} />;
}
