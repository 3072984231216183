import { act, render, screen } from "@testing-library/react";
import { toast } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubScreenWidth } from "../test/screen-width.ts";
import { AppToasts } from "./toasts.tsx";

async function showToast() {
  render(<AppToasts />);
  act(() => {
    toast.success("Личные данные сохранены");
  });
  const message = await screen.findByText("Личные данные сохранены");
  return message.closest(".Toastify__toast-container");
}

afterEach(() => {
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
});

describe("toasts keep clear of the header", () => {
  it("rise from the bottom on a 375 px phone, away from the header and menu button", async () => {
    stubScreenWidth(375);
    const container = await showToast();
    expect(container?.classList.contains("Toastify__toast-container--bottom-center")).toBe(true);
  });

  it("sit top right on a computer (below the header, by toasts.css)", async () => {
    stubScreenWidth(1440);
    const container = await showToast();
    expect(container?.classList.contains("Toastify__toast-container--top-right")).toBe(true);
  });
});
