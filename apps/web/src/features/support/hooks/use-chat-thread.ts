import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useApiClient, useAppServices } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { listChatMessages } from "../api/list-chat-messages.ts";
import { sendChatMessage } from "../api/send-chat-message.ts";
import {
  applyChatEvent,
  EMPTY_CHAT_THREAD,
  lastSeqOf,
  newClientMessageId,
  type PendingChatMessage,
} from "../chat-thread.ts";

/**
 * One conversation kept live: the newest page on opening, older pages on
 * demand, new messages from the player socket, and after every (re)connect
 * of the socket (the server's `connected`) or a gap in the seqs, the
 * messages `after` the last one known. Every source is merged by seq, so a
 * message is shown once however many ways it came.
 *
 * `readByOtherUpTo` is where the other side's read mark stood when the
 * conversation list was read; `chatRead` messages move it on.
 */
export function useChatThread(
  clientId: string,
  viewerSide: "client" | "staff",
  readByOtherUpTo: number,
) {
  const api = useApiClient();
  const { playerSocket } = useAppServices();
  const [thread, dispatch] = useReducer(applyChatEvent, EMPTY_CHAT_THREAD);
  // Callbacks of the socket and of the network read the latest state here.
  const current = useRef(thread);
  current.current = thread;
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const catchingUp = useRef(false);
  const catchUpAgain = useRef(false);

  useEffect(() => {
    dispatch({ type: "readByOther", upTo: readByOtherUpTo });
  }, [readByOtherUpTo]);

  const catchUp = useCallback(async () => {
    // Before the newest page came there is nothing to follow: it brings what is missed.
    if (catchingUp.current || !current.current.loaded) {
      catchUpAgain.current = true;
      return;
    }
    catchingUp.current = true;
    try {
      let after = lastSeqOf(current.current);
      for (;;) {
        const page = await listChatMessages(api, clientId, { after });
        dispatch({ type: "received", messages: page.data });
        const last = page.data.at(-1);
        if (!page.hasMore || !last) break;
        after = last.seq;
      }
    } catch {
      // The next reconnect or the next gap asks again.
    } finally {
      catchingUp.current = false;
    }
    if (catchUpAgain.current) {
      catchUpAgain.current = false;
      void catchUp();
    }
  }, [api, clientId]);

  // The newest page; the screen is mounted anew (keyed) for another conversation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure
  useEffect(() => {
    let cancelled = false;
    setLoadError(null);
    listChatMessages(api, clientId).then(
      (page) => {
        if (cancelled) return;
        dispatch({ type: "loaded", data: page.data, hasMore: page.hasMore });
        current.current = { ...current.current, loaded: true };
        if (catchUpAgain.current) {
          catchUpAgain.current = false;
          void catchUp();
        }
      },
      (error: unknown) => {
        if (!cancelled) setLoadError(errorText(error));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, clientId, catchUp, attempt]);

  useEffect(
    () =>
      playerSocket.subscribe((message) => {
        if (message.type === "connected") {
          void catchUp();
          return;
        }
        if (message.type === "chatMessage" && message.message.clientId === clientId) {
          const last = lastSeqOf(current.current);
          dispatch({ type: "received", messages: [message.message] });
          // A seq skipped means messages were missed (a socket that was away): fetch them.
          if (current.current.loaded && message.message.seq > last + 1) void catchUp();
          return;
        }
        if (
          message.type === "chatRead" &&
          message.clientId === clientId &&
          message.side !== viewerSide
        ) {
          dispatch({ type: "readByOther", upTo: message.upTo });
        }
      }),
    [playerSocket, clientId, viewerSide, catchUp],
  );

  const deliver = useCallback(
    async (pending: PendingChatMessage) => {
      dispatch({ type: "sending", pending: { ...pending, failure: null } });
      try {
        const stored = await sendChatMessage(api, clientId, {
          text: pending.text,
          clientMessageId: pending.clientMessageId,
        });
        dispatch({ type: "received", messages: [stored] });
      } catch (error) {
        dispatch({
          type: "failed",
          clientMessageId: pending.clientMessageId,
          reason: errorText(error),
        });
      }
    },
    [api, clientId],
  );

  /** Sends a new message: shown at once as "отправляется". */
  const send = useCallback(
    (text: string) => {
      void deliver({
        clientMessageId: newClientMessageId(),
        text,
        createdAt: new Date().toISOString(),
        failure: null,
      });
    },
    [deliver],
  );

  /** Sends a failed message again with the same clientMessageId: the server stores it once. */
  const retry = useCallback(
    (clientMessageId: string) => {
      const pending = current.current.pending.find(
        (message) => message.clientMessageId === clientMessageId,
      );
      if (pending) void deliver(pending);
    },
    [deliver],
  );

  /** Reads the page before the first message shown. */
  const loadOlder = useCallback(async () => {
    const first = current.current.messages[0];
    if (!current.current.hasOlder || !first || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await listChatMessages(api, clientId, { before: first.seq });
      dispatch({ type: "older", data: page.data, hasMore: page.hasMore });
    } catch (error) {
      setLoadError(errorText(error));
    } finally {
      setLoadingOlder(false);
    }
  }, [api, clientId, loadingOlder]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  return { thread, loadError, loadingOlder, send, retry, loadOlder, reload };
}
