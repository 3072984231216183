import type { SessionInfo } from "@fonika/shared";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { useEndSession, useSessions } from "../api/sessions.ts";
import { describeUserAgent } from "../describe-device.ts";

const KIND_LABELS: Record<SessionInfo["kind"], string> = {
  browser: "Браузер",
  device: "Плеер заведения",
};

/**
 * The user's signed-in browsers and player devices: where and when each was
 * last used; any of them can be signed out at once (its socket too).
 */
export function SessionsList() {
  const sessions = useSessions();
  const end = useEndSession();

  const handleEnd = (session: SessionInfo) => {
    end.mutate(session.id, {
      onSuccess: () =>
        toast.success(
          session.kind === "device" ? "Плеер отключён от аккаунта" : "Сеанс в браузере завершён",
        ),
      onError: (failure) => toast.error(errorText(failure)),
    });
  };

  const columns: Column<SessionInfo>[] = [
    {
      key: "device",
      header: "Устройство",
      render: (session) => (
        <span>
          <strong>{KIND_LABELS[session.kind]}</strong>
          <br />
          <span className="muted">{describeUserAgent(session.userAgent)}</span>
          {session.current && <span className="chip chip--active">Это устройство</span>}
        </span>
      ),
    },
    { key: "ip", header: "Адрес", render: (session) => session.ip ?? "—" },
    {
      key: "lastUsed",
      header: "Последняя активность",
      render: (session) => formatDateTime(session.lastUsedAt),
    },
    {
      key: "actions",
      header: "",
      width: "9rem",
      render: (session) =>
        session.current ? null : (
          <Button
            variant="secondary"
            busy={end.isPending && end.variables === session.id}
            onClick={() => handleEnd(session)}
            aria-label={`Завершить: ${KIND_LABELS[session.kind]}, ${describeUserAgent(session.userAgent)}`}
          >
            Завершить
          </Button>
        ),
    },
  ];

  if (sessions.isError) return <p className="form__error">{errorText(sessions.error)}</p>;
  return (
    <DataTable
      caption="Устройства и браузеры, где выполнен вход"
      columns={columns}
      rows={sessions.data ?? []}
      rowKey={(session) => session.id}
      loading={sessions.isPending}
      empty={
        <EmptyState icon="profile" title="Нет других входов">
          Здесь появятся браузеры и плееры, в которых выполнен вход.
        </EmptyState>
      }
    />
  );
}
