import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { renderApp } from "../test/render-app.tsx";
import { scriptedServer } from "../test/scripted-server.ts";
import { RouteFrame } from "./scroll-to-top.tsx";

let scrollTo: MockInstance<typeof window.scrollTo>;

beforeEach(() => {
  scrollTo = vi.spyOn(window, "scrollTo");
});

afterEach(() => scrollTo.mockRestore());

function List() {
  return (
    <>
      <Link to="/clients/7">Анна Иванова</Link>
      <Link to="/clients?page=2">Следующая страница</Link>
    </>
  );
}

function renderFrame() {
  const router = createMemoryRouter(
    [
      {
        element: <RouteFrame />,
        children: [
          { path: "/clients", element: <List /> },
          { path: "/clients/:id", element: <h1>Клиент</h1> },
        ],
      },
    ],
    { initialEntries: ["/clients"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("a page opened from a list starts at its top", () => {
  it("scrolls to the top when a link opens another page", async () => {
    renderFrame();
    scrollTo.mockClear();
    await userEvent.click(screen.getByRole("link", { name: "Анна Иванова" }));
    expect(await screen.findByRole("heading", { name: "Клиент" })).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it("keeps the place when only the query changes (a list's paging and filters)", async () => {
    const router = renderFrame();
    scrollTo.mockClear();
    await userEvent.click(screen.getByRole("link", { name: "Следующая страница" }));
    expect(router.state.location.search).toBe("?page=2");
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("leaves going back to the browser", async () => {
    const router = renderFrame();
    await userEvent.click(screen.getByRole("link", { name: "Анна Иванова" }));
    await screen.findByRole("heading", { name: "Клиент" });
    scrollTo.mockClear();
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe("/clients");
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("is part of the app's routes: the landing's link to the offer opens it at its top", async () => {
    const app = renderApp("/", scriptedServer());
    const offer = await screen.findByRole("link", { name: "Договор-оферта" });
    scrollTo.mockClear();
    await userEvent.click(offer);
    expect(await screen.findByRole("heading", { level: 1, name: /оферт/i })).toBeTruthy();
    expect(app.router.state.location.pathname).toBe("/offer");
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
