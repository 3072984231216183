import type { Ref } from "react";
import { AUDIO_ACCEPT } from "../../lib/audio-files.ts";

type AudioFilePickerProps = {
  /** Called with the files chosen (never with none); the input is cleared so the same file can be chosen again. */
  onFiles: (files: File[]) => void;
  /** One file or several; several by default. */
  multiple?: boolean;
  disabled?: boolean;
} & (
  | {
      /**
       * Opened by a button of the screen (`inputRef.current.click()`): the
       * input is named by `label` and kept out of the tab order, the button
       * being the control.
       */
      label: string;
      inputRef: Ref<HTMLInputElement>;
      id?: undefined;
    }
  | {
      /** Opened by a visible `<label htmlFor={id}>`: the input is that label's control and takes focus. */
      id: string;
      label?: undefined;
      inputRef?: undefined;
    }
);

/**
 * The library's one chooser of audio files from the computer: a hidden
 * file input that accepts the formats the upload endpoint takes (by media
 * type and by extension).
 */
export function AudioFilePicker({
  onFiles,
  multiple = true,
  disabled,
  label,
  inputRef,
  id,
}: AudioFilePickerProps) {
  return (
    <input
      ref={inputRef}
      id={id}
      type="file"
      multiple={multiple}
      accept={AUDIO_ACCEPT}
      className="visually-hidden"
      tabIndex={label === undefined ? undefined : -1}
      aria-label={label}
      disabled={disabled}
      onChange={(event) => {
        const files = [...(event.target.files ?? [])];
        event.target.value = "";
        if (files.length > 0) onFiles(files);
      }}
    />
  );
}
