import { TrashBrowser } from "../../../features/vault/components/trash-browser.tsx";

/** The trash of the library. */
export default function DeletedScreen() {
  return <TrashBrowser />;
}
