import { CODES, type DeviceCodeInfo } from "@fonika/shared";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { SelectField, type SelectOption } from "../../../components/ui/select-field.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { CLIENT_ERRORS, errorText } from "../../../lib/error-messages.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { type ApprovedDevice, useApproveDeviceCode } from "../api/approve-device-code.ts";
import { useInspectDeviceCode } from "../api/inspect-device-code.ts";
import { describeUserAgent } from "../describe-device.ts";

/** A web player the owner may bind a web player's code to. */
export interface WebPlayerChoice {
  id: string;
  name: string;
  establishmentId: string;
}

/** The choice of "make a new web player" among the establishment's web players. */
const NEW_WEB_PLAYER = "new";

/** What the owner is told once the device is approved. */
function approvedText({ player }: ApprovedDevice): string {
  if (!player) return "Плеер подключён";
  return player.name
    ? `Веб-плеер подключён: на устройстве будет играть «${player.name}»`
    : "Веб-плеер подключён";
}

/**
 * Approves the code a player or another browser shows (CONTRACT.md device
 * flow) in two steps: the code is looked up first (at once when the
 * approval link carried it) and the owner sees when and where it was made
 * (RFC 8628 §5.4), so that a code read out by a stranger is not approved
 * blindly; only then the approve button. The
 * device becomes a player of the establishment chosen here (the only one
 * is chosen for the owner). A web player's code (the `/web-player` page)
 * plays one web player of that establishment: one of its web players, or a
 * new one ("Новый веб-плеер", chosen for the owner when it has none). The
 * web player an approval link names is chosen with its establishment, so
 * that the link's approval is one tap.
 */
export function ApproveDeviceForm({
  establishments,
  noEstablishments,
  webPlayers,
  initialCode = "",
  initialPlayerId,
  onApproved,
}: {
  /** The owner's establishments; undefined while they load. */
  establishments: readonly SelectOption<string>[] | undefined;
  /** Shown instead of the form when the owner has no establishment yet. */
  noEstablishments: ReactNode;
  /** The owner's web players, of every establishment; undefined while they load. */
  webPlayers: readonly WebPlayerChoice[] | undefined;
  /** The code the approval link carried (`?code=`), filled in. */
  initialCode?: string;
  /** The web player the approval link named (`?player=`), chosen while it is the owner's. */
  initialPlayerId?: string | undefined;
  /** The device was approved (a new web player may have been made). */
  onApproved?: (approved: ApprovedDevice) => void;
}) {
  const [chosenId, setChosenId] = useState("");
  const [chosenPlayer, setChosenPlayer] = useState("");
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<DeviceCodeInfo | null>(null);
  const [linkedPlayerId, setLinkedPlayerId] = useState(initialPlayerId);
  const inspect = useInspectDeviceCode();
  const approve = useApproveDeviceCode();

  const reset = () => {
    setFound(null);
    setChosenPlayer("");
    setError(null);
  };

  const check = (value: string) => {
    if (value.length !== CODES.length) {
      setError(CLIENT_ERRORS.codeLength);
      return;
    }
    inspect.mutate(value, {
      onSuccess: (info) => {
        setFound(info);
        setError(null);
      },
      onError: (failure) => setError(errorText(failure)),
    });
  };
  const handleCheck = (event: FormEvent) => {
    event.preventDefault();
    check(code);
  };
  // A code the approval link carried (the QR code) is looked up at once: the
  // owner still sees when and where it was made before approving it.
  const linked = useRef(false);
  useEffect(() => {
    if (linked.current || initialCode.length !== CODES.length) return;
    linked.current = true;
    check(initialCode);
  });

  const options = establishments ?? [];
  const forWebPlayer = found?.kind === "webPlayer";
  // The link's web player, once it is known to be one of the owner's; a box's code names none.
  const linkedPlayer = forWebPlayer
    ? webPlayers?.find((player) => player.id === linkedPlayerId)
    : undefined;
  const establishmentId =
    chosenId ||
    linkedPlayer?.establishmentId ||
    (options.length === 1 ? (options[0]?.value ?? "") : "");
  const playerOptions: SelectOption<string>[] = [
    ...(webPlayers ?? [])
      .filter((player) => player.establishmentId === establishmentId)
      .map((player) => ({ value: player.id, label: player.name })),
    { value: NEW_WEB_PLAYER, label: "Новый веб-плеер" },
  ];
  // An establishment without web players gets a new one unless the owner says otherwise.
  const playerChoice =
    chosenPlayer ||
    (linkedPlayer?.establishmentId === establishmentId ? linkedPlayer.id : "") ||
    (playerOptions.length === 1 && webPlayers ? NEW_WEB_PLAYER : "");

  const handleApprove = () => {
    if (!establishmentId) {
      setError("Выберите заведение, в котором будет играть устройство");
      return;
    }
    if (forWebPlayer && !playerChoice) {
      setError("Выберите веб-плеер, который будет играть на устройстве");
      return;
    }
    const playerId = forWebPlayer && playerChoice !== NEW_WEB_PLAYER ? playerChoice : undefined;
    approve.mutate(
      { code, establishmentId, ...(playerId ? { playerId } : {}) },
      {
        onSuccess: (approved) => {
          setCode("");
          setLinkedPlayerId(undefined);
          reset();
          toast.success(approvedText(approved));
          onApproved?.(approved);
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };

  if (found) {
    return (
      <div className="form" aria-live="polite">
        <p>Проверьте, что это ваше устройство:</p>
        <dl className="details">
          <dt>Код</dt>
          <dd>{code}</dd>
          <dt>Создан</dt>
          <dd>{formatDateTime(found.createdAt)}</dd>
          <dt>Адрес</dt>
          <dd>{found.ip}</dd>
          <dt>Браузер</dt>
          <dd>{describeUserAgent(found.userAgent)}</dd>
          {forWebPlayer && (
            <>
              <dt>Подключается</dt>
              <dd>Веб-плеер в браузере</dd>
            </>
          )}
        </dl>
        <SelectField
          label="Заведение"
          value={establishmentId}
          options={options}
          placeholder="Выберите заведение"
          onChange={(value) => {
            setChosenId(value);
            setChosenPlayer("");
            setError(null);
          }}
        />
        {forWebPlayer && establishmentId && (
          <SelectField
            label="Веб-плеер"
            value={playerChoice}
            options={playerOptions}
            placeholder="Выберите веб-плеер"
            hint="Этот плеер будет играть в браузере устройства; новый появится в списке плееров заведения"
            onChange={(value) => {
              setChosenPlayer(value);
              setError(null);
            }}
          />
        )}
        {error && <p className="form__error">{error}</p>}
        <div className="form__actions">
          <Button onClick={handleApprove} busy={approve.isPending}>
            Подтвердить вход устройства
          </Button>
          <Button variant="secondary" onClick={reset} disabled={approve.isPending}>
            Отмена
          </Button>
        </div>
        {/* Under the buttons: a phone shows the one tap without scrolling (issue 28). */}
        <p className="muted">
          Устройство сможет только воспроизводить музыку заведения и не получит доступа к вашему
          аккаунту. Отключить его можно в профиле.
        </p>
      </div>
    );
  }

  if (establishments && options.length === 0) return noEstablishments;

  return (
    <form
      className="form form--inline"
      onSubmit={handleCheck}
      noValidate
      aria-label="Подтвердить вход на другом устройстве"
    >
      <TextInput
        label="Код с экрана устройства"
        type="number"
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
        max={CODES.length}
        autoComplete="off"
        error={error}
        hint="Шесть цифр, которые показывает плеер или другой браузер"
      />
      <Button type="submit" busy={inspect.isPending}>
        Проверить код
      </Button>
    </form>
  );
}
