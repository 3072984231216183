import { Icon } from "../../../components/ui/icon.tsx";
import { localTimeIn, timeZoneLabel } from "../../../lib/time-zones.ts";
import { useNow } from "../hooks/use-now.ts";
import "../establishments.css";

/** "Москва (UTC+3), сейчас 14:05": an establishment's zone and its wall clock. */
export function TimeZoneNow({ zone }: { zone: string }) {
  const now = useNow();
  const time = localTimeIn(zone, now);
  return (
    <span className="time-zone-now" title={zone}>
      <Icon name="clock" />
      <span>
        {timeZoneLabel(zone, now)}
        {time && <span className="muted">, сейчас {time}</span>}
      </span>
    </span>
  );
}
