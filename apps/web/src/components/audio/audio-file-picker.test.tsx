import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { AudioFilePicker } from "./audio-file-picker.tsx";

const mp3 = (name: string) => new File(["ID3"], name, { type: "audio/mpeg" });

describe("AudioFilePicker", () => {
  it("accepts the upload's media types and the formats by extension", () => {
    render(<AudioFilePicker label="Файлы треков" inputRef={createRef()} onFiles={() => {}} />);
    const accept = screen.getByLabelText("Файлы треков").getAttribute("accept")?.split(",") ?? [];
    expect(accept).toEqual(expect.arrayContaining(["audio/*", ".mp3", ".opus", ".flac"]));
  });

  it("hands over every chosen file, then clears itself so the same files can be chosen again", async () => {
    const user = userEvent.setup();
    const onFiles = vi.fn();
    render(<AudioFilePicker label="Файлы треков" inputRef={createRef()} onFiles={onFiles} />);
    const input = screen.getByLabelText("Файлы треков") as HTMLInputElement;
    await user.upload(input, [mp3("a.mp3"), mp3("b.mp3")]);
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect(onFiles.mock.calls[0]?.[0].map((file: File) => file.name)).toEqual(["a.mp3", "b.mp3"]);
    expect(input.value).toBe("");
  });

  it("says nothing when the chooser is closed without a file", () => {
    const onFiles = vi.fn();
    render(<AudioFilePicker label="Файлы треков" inputRef={createRef()} onFiles={onFiles} />);
    fireEvent.change(screen.getByLabelText("Файлы треков"), { target: { files: [] } });
    expect(onFiles).not.toHaveBeenCalled();
  });

  it("opened by the screen's button it stays out of the tab order; under a visible label it is the control", () => {
    const ref = createRef<HTMLInputElement>();
    const { unmount } = render(
      <AudioFilePicker label="Файлы треков" inputRef={ref} onFiles={() => {}} />,
    );
    expect(ref.current?.tabIndex).toBe(-1);
    expect(ref.current?.multiple).toBe(true);
    unmount();
    render(
      <>
        <label htmlFor="song-file">Выбрать аудиофайл</label>
        <AudioFilePicker id="song-file" multiple={false} onFiles={() => {}} />
      </>,
    );
    const input = screen.getByLabelText("Выбрать аудиофайл") as HTMLInputElement;
    expect(input.tabIndex).toBe(0);
    expect(input.multiple).toBe(false);
  });
});
