import { Button } from "../../../components/ui/button.tsx";
import { deviceApprovalUrl, pathTo } from "../../../config/paths.ts";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useDeviceCode, type VerificationAnswer } from "../../../lib/auth/device-code.ts";
import { WEB_PLAYER_TEXTS } from "../web-player-texts.ts";
import { QrCode } from "./qr-code.tsx";

/**
 * The web player before approval: a code to read across the room and a QR
 * code of the approval link for the owner's phone (naming the web player
 * this screen is to play, when its address named one); a new code when it
 * expires.
 */
export function DeviceCodeScreen({
  api,
  approved,
  playerId,
}: {
  api: ApiClient;
  approved(answer: VerificationAnswer): void;
  playerId?: string | undefined;
}) {
  const { state, restart } = useDeviceCode({ api, kind: "webPlayer", approved });
  return (
    <section className="web-player-code" aria-labelledby="web-player-code-title">
      <h1 id="web-player-code-title" className="web-player-code__lead">
        {WEB_PLAYER_TEXTS.codeLead}
      </h1>
      {state.step === "creating" && <p>{WEB_PLAYER_TEXTS.codeCreating}</p>}
      {state.step === "waiting" && (
        <div className="web-player-code__pair">
          <output className="web-player-code__code" aria-label="Код устройства">
            {state.code.replace(/(\d{3})(\d{3})/, "$1 $2")}
          </output>
          <QrCode
            text={deviceApprovalUrl(window.location.origin, state.code, playerId)}
            label={WEB_PLAYER_TEXTS.qrLabel(state.code)}
          />
        </div>
      )}
      {state.step === "waiting" && (
        <p className="web-player-code__how">
          {WEB_PLAYER_TEXTS.codeHow(`${window.location.host}${pathTo("ConnectDevice")}`)}
        </p>
      )}
      {state.step === "expired" && <p>{WEB_PLAYER_TEXTS.codeExpired}</p>}
      {state.step === "failed" && <p role="alert">{state.message}</p>}
      {(state.step === "expired" || state.step === "failed") && (
        <Button size="lg" onClick={restart}>
          {WEB_PLAYER_TEXTS.newCode}
        </Button>
      )}
    </section>
  );
}
