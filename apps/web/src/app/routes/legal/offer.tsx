import { LegalPage } from "./legal-page.tsx";
import { OFFER_TEXT } from "./texts/offer-text.ts";

export default function OfferScreen() {
  return <LegalPage document={OFFER_TEXT} />;
}
