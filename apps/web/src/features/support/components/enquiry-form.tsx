import {
  type CreateEnquiryBody,
  ENQUIRY_TOPIC_LABELS,
  ENQUIRY_TOPICS,
  type Enquiry,
  type EnquiryTopic,
} from "@fonika/shared";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useCreateEnquiry } from "../api/create-enquiry.ts";
import { useAttachmentUploads } from "../hooks/use-attachment-uploads.ts";
import { ENQUIRY_TEXTS } from "../support-texts.ts";
import { AttachmentPicker } from "./attachment-picker.tsx";
import { EnquiryTextField } from "./enquiry-text-field.tsx";

/** An establishment the enquiry may be about (the client's own). */
export interface EstablishmentOption {
  id: string;
  name: string;
}

/** A player the enquiry may be about, with its establishment (options follow the establishment). */
export interface PlayerOption {
  id: string;
  name: string;
  establishmentId: string;
}

/** What a link may preselect (`?topic=`, `?establishmentId=`, `?playerId=`). */
export interface EnquiryPreset {
  topic?: EnquiryTopic | undefined;
  establishmentId?: string | undefined;
  playerId?: string | undefined;
}

interface EnquiryFormProps {
  establishments: readonly EstablishmentOption[];
  players: readonly PlayerOption[];
  preset: EnquiryPreset;
  /**
   * An admin writes on a client's behalf: the client chooser goes first and
   * `clientId` is the chosen one (null: none yet). A client leaves both out.
   */
  clientChooser?: ReactNode;
  clientId?: string | null;
  onCreated: (enquiry: Enquiry) => void;
}

const TOPIC_OPTIONS = ENQUIRY_TOPICS.map((topic) => ({
  value: topic,
  label: ENQUIRY_TOPIC_LABELS[topic],
}));
const NONE = "";

/**
 * A new enquiry: topic, the establishment and player it is about
 * (optional; players follow the establishment), the text with its counter,
 * and attachments uploaded as they are picked.
 */
export function EnquiryForm({
  establishments,
  players,
  preset,
  clientChooser,
  clientId,
  onCreated,
}: EnquiryFormProps) {
  const [topic, setTopic] = useState<EnquiryTopic | "">(preset.topic ?? "");
  const [establishmentChoice, setEstablishmentChoice] = useState<string | undefined>(
    preset.establishmentId,
  );
  const [playerId, setPlayerId] = useState<string>(preset.playerId ?? NONE);
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<{ topic?: string; text?: string; form?: string }>({});
  const attachments = useAttachmentUploads();
  const create = useCreateEnquiry();

  const chosenPlayer = players.find((player) => player.id === playerId);
  // A preselected player brings its establishment with it.
  const establishmentId = establishmentChoice ?? chosenPlayer?.establishmentId ?? NONE;
  const playerOptions = players
    .filter((player) => !establishmentId || player.establishmentId === establishmentId)
    .map((player) => ({ value: player.id, label: player.name }));

  const handleEstablishmentChange = (next: string) => {
    setEstablishmentChoice(next);
    if (next && chosenPlayer && chosenPlayer.establishmentId !== next) setPlayerId(NONE);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!topic) found.topic = "Выберите тему";
    if (!text.trim()) found.text = "Опишите, что случилось";
    if (clientChooser && !clientId) found.form = ENQUIRY_TEXTS.chooseClient;
    else if (attachments.blocker) found.form = attachments.blocker;
    setErrors(found);
    if (Object.keys(found).length > 0 || !topic) return;
    const body: CreateEnquiryBody = {
      topic,
      text,
      establishmentId: establishmentId || null,
      playerId: playerId || null,
      attachmentIds: attachments.attachmentIds,
      ...(clientChooser && clientId ? { clientId } : {}),
    };
    create.mutate(body, {
      onSuccess: onCreated,
      onError: (failure) => setErrors({ form: errorText(failure) }),
    });
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      {clientChooser}
      <div className="form__grid">
        <SelectField
          label={ENQUIRY_TEXTS.topic}
          value={topic}
          options={TOPIC_OPTIONS}
          placeholder="Выберите тему"
          error={errors.topic}
          onChange={(next) => {
            setTopic(next);
            setErrors((current) => ({ ...current, topic: undefined }));
          }}
        />
        <SelectField
          label={ENQUIRY_TEXTS.establishment}
          value={establishmentId}
          options={[
            { value: NONE, label: ENQUIRY_TEXTS.noEstablishment },
            ...establishments.map((establishment) => ({
              value: establishment.id,
              label: establishment.name,
            })),
          ]}
          hint="Необязательно"
          onChange={handleEstablishmentChange}
        />
        <SelectField
          label={ENQUIRY_TEXTS.player}
          value={chosenPlayer ? playerId : NONE}
          options={[{ value: NONE, label: ENQUIRY_TEXTS.noPlayer }, ...playerOptions]}
          hint="Если вопрос о конкретном плеере"
          onChange={setPlayerId}
        />
      </div>
      <EnquiryTextField
        label={ENQUIRY_TEXTS.text}
        value={text}
        placeholder={ENQUIRY_TEXTS.textPlaceholder}
        error={errors.text}
        onChange={(value) => {
          setText(value);
          setErrors((current) => ({ ...current, text: undefined }));
        }}
      />
      <AttachmentPicker
        uploads={attachments.uploads}
        limitError={attachments.limitError}
        onAdd={attachments.add}
        onRemove={attachments.remove}
      />
      {errors.form && (
        <p className="form__error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="form__actions">
        <Button type="submit" busy={create.isPending}>
          {ENQUIRY_TEXTS.send}
        </Button>
      </div>
    </form>
  );
}
