import { Center, Loader } from '@mantine/core';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { embedMessageOf } from './embed-messages.ts';

/** The frame's height until the dashboard says how tall it is. */
const INITIAL_HEIGHT = 640;

interface DashboardFrameProps {
  /** The signed link's address, or undefined while it is being asked for. */
  url: string | undefined;
  /** When the link was answered: a new answer reloads the frame, even with the same address. */
  version: number;
  /** The frame's accessible name: which dashboard it shows. */
  title: string;
  /** The dashboard inside says its link was refused: ask for a new one. */
  onExpired: () => void;
  /** The frame element, for the screen that prints it. */
  frameRef?: RefObject<HTMLIFrameElement | null>;
}

/**
 * The embedded dashboard (spec §2 Reports): Cairn's own page at the signed link, in a frame as
 * tall as its content. It tells this page when its link has expired, and this page renews it,
 * and which clients list to open when a bar or a figure is clicked.
 */
export function DashboardFrame({ url, version, title, onExpired, frameRef }: DashboardFrameProps) {
  const { t } = useTranslation('reports');
  const ownFrame = useRef<HTMLIFrameElement>(null);
  const frame = frameRef ?? ownFrame;
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  const navigate = useNavigate();
  const expired = useRef(onExpired);
  useEffect(() => {
    expired.current = onExpired;
  }, [onExpired]);

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const message = embedMessageOf(event.data);
      if (message?.type === 'cairn:dashboard-expired') expired.current();
      if (message?.type === 'cairn:dashboard-height') setHeight(Math.ceil(message.height));
      if (message?.type === 'cairn:dashboard-open') void navigate(message.path);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [navigate, frame]);

  if (!url) {
    return (
      <Center h={INITIAL_HEIGHT / 2}>
        <Loader aria-label={t('frame.loading')} />
      </Center>
    );
  }
  return (
    <iframe
      key={version}
      ref={frame}
      src={url}
      title={title}
      style={{ display: 'block', width: '100%', height, border: 0 }}
    />
  );
}
