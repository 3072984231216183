import { SUPPORT, type SupportPerson } from "@fonika/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { useAppServices } from "../../../lib/app-services.ts";

/** How often a typing person's socket says so, at most. */
export const CHAT_TYPING_SEND_MS = 2_000;

/**
 * Who else types in a conversation, and a way to say the viewer types. A
 * `chatTyping` mark lasts SUPPORT.typingMs unless another one renews it; a
 * message of that person ends it at once. The viewer's own marks (another
 * tab of theirs) are not shown.
 */
export function useChatTyping(clientId: string, viewerId: string | null) {
  const { playerSocket } = useAppServices();
  const [typists, setTypists] = useState<readonly SupportPerson[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const lastSent = useRef<number | null>(null);

  useEffect(() => {
    const running = timers.current;
    const stopTyping = (authorId: string) => {
      clearTimeout(running.get(authorId));
      running.delete(authorId);
      setTypists((list) =>
        list.some((person) => person.id === authorId)
          ? list.filter((person) => person.id !== authorId)
          : list,
      );
    };
    const unsubscribe = playerSocket.subscribe((message) => {
      // A relayed client message has no author: only the server's marks count.
      if (message.type === "chatTyping" && "author" in message && message.clientId === clientId) {
        const author = message.author;
        if (author.id === viewerId) return;
        clearTimeout(running.get(author.id));
        running.set(
          author.id,
          setTimeout(() => stopTyping(author.id), SUPPORT.typingMs),
        );
        setTypists((list) =>
          list.some((person) => person.id === author.id) ? list : [...list, author],
        );
      }
      if (message.type === "chatMessage" && message.message.clientId === clientId) {
        stopTyping(message.message.author.id);
      }
    });
    return () => {
      unsubscribe();
      for (const handle of running.values()) clearTimeout(handle);
      running.clear();
      setTypists([]);
    };
  }, [playerSocket, clientId, viewerId]);

  /** Call on every keystroke: the socket hears of it at most every CHAT_TYPING_SEND_MS. */
  const notifyTyping = useCallback(() => {
    const now = Date.now();
    if (lastSent.current !== null && now - lastSent.current < CHAT_TYPING_SEND_MS) return;
    lastSent.current = now;
    playerSocket.send({ type: "chatTyping", clientId });
  }, [playerSocket, clientId]);

  return { typists, notifyTyping };
}
