import {
  PLAYER_ALERT_FILTERS,
  PLAYER_PLAYBACKS,
  PLAYER_SORTS,
  PLAYER_STATUSES,
  PLAYER_TYPES,
  type PlayerAlertFilter,
  type PlayerPlayback,
  type PlayerSort,
  type PlayerStatus,
  type PlayerType,
} from "@fonika/shared";
import { useId } from "react";
import { SearchBox } from "../../../components/ui/search-box.tsx";
import { ToolbarSelect } from "../../../components/ui/toolbar-select.tsx";
import type { AllPlayersFilters } from "../api/list-all-players.ts";
import {
  PLAYER_ALERT_TEXTS,
  PLAYER_PLAYBACK_LABELS,
  PLAYER_SORT_LABELS,
  PLAYER_STATUS_LABELS,
  PLAYER_TYPE_FILTER_LABELS,
  PLAYERS_BASE_TEXTS,
} from "../player-texts.ts";

interface ChoiceGroupProps<T extends string> {
  legend: string;
  value: T | undefined;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T | undefined) => void;
}

/** One filter as a row of chips, 'Все' first (the filter off). */
function ChoiceGroup<T extends string>({
  legend,
  value,
  options,
  labels,
  onChange,
}: ChoiceGroupProps<T>) {
  const name = useId();
  const choices: Array<{ value: T | undefined; label: string }> = [
    { value: undefined, label: PLAYERS_BASE_TEXTS.all },
    ...options.map((option) => ({ value: option, label: labels[option] })),
  ];
  return (
    <fieldset className="players-filter">
      <legend className="players-filter__legend">{legend}</legend>
      {choices.map((choice) => (
        <label
          key={choice.label}
          className={`players-filter__chip${value === choice.value ? " is-active" : ""}`}
        >
          <input
            type="radio"
            name={name}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}

interface PlayersBaseFiltersProps extends AllPlayersFilters {
  onSearch: (query: string) => void;
  onSortChange: (sortBy: PlayerSort) => void;
  onStatusChange: (status: PlayerStatus | undefined) => void;
  onPlaybackChange: (playback: PlayerPlayback | undefined) => void;
  onTypeChange: (type: PlayerType | undefined) => void;
  onAlertChange: (alert: PlayerAlertFilter | undefined) => void;
}

/** The players base's search, order and filters by online, playback, type and silence. */
export function PlayersBaseFilters({
  query,
  sortBy,
  status,
  playback,
  type,
  alert,
  onSearch,
  onSortChange,
  onStatusChange,
  onPlaybackChange,
  onTypeChange,
  onAlertChange,
}: PlayersBaseFiltersProps) {
  return (
    <div className="players-filters">
      <div className="list-toolbar">
        <SearchBox
          query={query}
          onSearch={onSearch}
          label="Поиск плееров"
          placeholder="Плеер, серийный номер, клиент или заведение"
        />
        <ToolbarSelect
          label="Сортировка"
          value={sortBy}
          options={PLAYER_SORTS}
          labels={PLAYER_SORT_LABELS}
          onChange={(chosen) => onSortChange(chosen ?? "createdAt")}
        />
      </div>
      <div className="players-filters__groups">
        <ChoiceGroup
          legend="Сеть"
          value={status}
          options={PLAYER_STATUSES}
          labels={PLAYER_STATUS_LABELS}
          onChange={onStatusChange}
        />
        <ChoiceGroup
          legend="Воспроизведение"
          value={playback}
          options={PLAYER_PLAYBACKS}
          labels={PLAYER_PLAYBACK_LABELS}
          onChange={onPlaybackChange}
        />
        <ChoiceGroup
          legend="Тип"
          value={type}
          options={PLAYER_TYPES}
          labels={PLAYER_TYPE_FILTER_LABELS}
          onChange={onTypeChange}
        />
        <ChoiceGroup
          legend={PLAYER_ALERT_TEXTS.filterLabel}
          value={alert}
          options={PLAYER_ALERT_FILTERS}
          labels={{ silent: PLAYER_ALERT_TEXTS.filterSilent }}
          onChange={onAlertChange}
        />
      </div>
    </div>
  );
}
