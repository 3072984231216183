import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SIDE_MENU } from "../../config/menus.ts";
import { SideMenu } from "./side-menu.tsx";

const current = (name: string) => screen.getByRole("link", { name }).getAttribute("aria-current");

function menuAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SideMenu entries={SIDE_MENU["role-admin"]} onNavigate={() => {}} onLogout={() => {}} />
    </MemoryRouter>,
  );
}

describe("the side menu", () => {
  it("lights only the entry of the page, not the one whose path it lies under", () => {
    menuAt("/players-base/update");
    expect(current("Обновления плееров")).toBe("page");
    expect(current("Плееры")).toBeNull();
  });

  it("lights an entry on its own page", () => {
    menuAt("/players-base");
    expect(current("Плееры")).toBe("page");
    expect(current("Обновления плееров")).toBeNull();
  });
});
