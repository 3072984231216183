import { useSearchParams } from "react-router";
import { Page, Section } from "../../../components/ui/page.tsx";
import { ROUTES } from "../../../config/routes.ts";
import { useSessionState } from "../../../lib/app-services.ts";
import { ApproveDevice } from "./approve-device.tsx";

/**
 * `/connect-device` (issue 28): the approval of a device's code alone, at
 * the top of the page — the client menu's «Подключить устройство» and the
 * page a device's QR code opens, its code looked up and its venue and
 * player chosen where the link or the owner's one venue decide them.
 */
export default function ConnectDeviceScreen() {
  const { userId } = useSessionState();
  const [search] = useSearchParams();
  // A link's code needs no explaining: its approval comes first, on a phone too.
  const linked = search.has("code");
  return (
    <Page
      title={ROUTES.ConnectDevice.title}
      description={
        linked
          ? undefined
          : "Веб-плеер на экране заведения или бокс-плеер показывает код — введите его здесь или в карточке плеера."
      }
    >
      <Section title="Код с экрана устройства">
        {userId && <ApproveDevice userId={userId} />}
      </Section>
    </Page>
  );
}
