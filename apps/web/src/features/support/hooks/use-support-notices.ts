import { createElement, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "react-toastify";
import { pathTo } from "../../../config/paths.ts";
import { useAppServices } from "../../../lib/app-services.ts";
import { CHAT_TEXTS } from "../chat-texts.ts";
import { ChatNotice } from "../components/chat-notice.tsx";

/** The page of one enquiry (the route table's SupportEnquiry). */
export function enquiryPathOf(enquiryId: string): string {
  return pathTo("SupportEnquiry", { id: enquiryId });
}

/**
 * Toasts of support's news from the other side, wherever the viewer is: a
 * reply in an enquiry ("Новый ответ в обращении №N") unless that enquiry is
 * open, and a chat message ("Новое сообщение в чате", with the client's name
 * for staff) unless the chat is open.
 */
export function useSupportNotices(enabled: boolean, viewerSide: "client" | "staff") {
  const { playerSocket } = useAppServices();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The socket's listener reads where the viewer is now.
  const where = useRef(pathname);
  where.current = pathname;

  useEffect(() => {
    if (!enabled) return;
    const open = (to: string) => {
      void navigate(to);
    };
    return playerSocket.subscribe((message) => {
      if (message.type === "supportEnquiry") {
        if (message.event !== "message" || !message.author) return;
        if (message.author.side === viewerSide) return;
        const to = enquiryPathOf(message.enquiryId);
        if (where.current === to) return;
        toast.info(
          createElement(ChatNotice, {
            text: CHAT_TEXTS.newEnquiryReply(message.number),
            to,
            onOpen: open,
          }),
        );
        return;
      }
      if (message.type === "chatMessage") {
        const { author, clientId } = message.message;
        if (author.side === viewerSide || where.current === pathTo("SupportChat")) return;
        const staff = viewerSide === "staff";
        toast.info(
          createElement(ChatNotice, {
            text: staff
              ? `${CHAT_TEXTS.newChatMessage}: ${author.name}`
              : CHAT_TEXTS.newChatMessage,
            to: staff ? pathTo("SupportChat", {}, { clientId }) : pathTo("SupportChat"),
            onOpen: open,
          }),
        );
      }
    });
  }, [enabled, viewerSide, playerSocket, navigate]);
}
