import type { PlayerLiveSummary } from "@fonika/shared";
import { Section } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { PLAYERS_BASE_TEXTS } from "../player-texts.ts";
import { formatLastSeen, NowPlayingText, PlayerStateChips } from "./player-live-state.tsx";

interface PlayerLiveSectionProps {
  live: PlayerLiveSummary | undefined;
  error?: unknown;
}

/**
 * A player's live state for someone who does not hold its remote (staff):
 * online or not, playing or paused, what it has on, when it was last seen.
 */
export function PlayerLiveSection({ live, error }: PlayerLiveSectionProps) {
  return (
    <Section title="Состояние плеера">
      {live ? (
        <dl className="summary">
          <div className="summary__row">
            <dt>Состояние</dt>
            <dd>
              <PlayerStateChips live={live} />
            </dd>
          </div>
          <div className="summary__row">
            <dt>Сейчас играет</dt>
            <dd>
              <NowPlayingText live={live} />
            </dd>
          </div>
          <div className="summary__row">
            <dt>Последний раз в сети</dt>
            <dd>{live.online ? PLAYERS_BASE_TEXTS.online : formatLastSeen(live.lastSeenAt)}</dd>
          </div>
        </dl>
      ) : error ? (
        <p className="muted">{errorText(error)}</p>
      ) : (
        <div aria-busy="true">
          <Skeleton width="60%" />
        </div>
      )}
      <p className="player-coming">
        Пультом управляет владелец плеера: здесь состояние только для просмотра.
      </p>
    </Section>
  );
}
