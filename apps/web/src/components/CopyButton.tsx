import { ActionIcon, Tooltip, type ActionIconProps } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { COPY_FEEDBACK_MS } from '@t0/contracts';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../lib/toast';

/** Writes text to the clipboard; falls back to a hidden text area where the Clipboard API is missing. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused or not a secure context: try the older way below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}

/** The button's own words, for a screen shown in another language (English by default). */
export interface CopyWords {
  /** The tooltip once copied. */
  copied: string;
  /** The accessible name once copied, from the label. */
  copiedLabel(label: string): string;
  copiedTitle: string;
  copiedDescription(value: string): string;
  failedTitle: string;
  failedDescription: string;
}

const ENGLISH_WORDS: CopyWords = {
  copied: 'Copied',
  copiedLabel: (label) => `${label}: copied`,
  copiedTitle: 'Copied!',
  copiedDescription: (value) => `${value} copied to clipboard`,
  failedTitle: 'Copy failed',
  failedDescription: 'Unable to copy to clipboard',
};

export interface CopyButtonProps extends Omit<ActionIconProps, 'children' | 'onClick'> {
  value: string;
  /** What is copied, for the button's accessible name ("Copy entry price"). */
  label: string;
  words?: CopyWords;
}

/** Copies a value: toast "Copied!" and a check mark for 2 s; on failure "Copy failed". */
export function CopyButton({ value, label, words = ENGLISH_WORDS, ...props }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onCopy = async () => {
    try {
      await copyText(value);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
      toast({ title: words.copiedTitle, description: words.copiedDescription(value), durationMs: COPY_FEEDBACK_MS });
    } catch {
      toast({ title: words.failedTitle, description: words.failedDescription, variant: 'destructive' });
    }
  };

  return (
    <Tooltip label={copied ? words.copied : label}>
      <ActionIcon
        variant="subtle"
        color={copied ? 'terminal' : 'gray'}
        aria-label={copied ? words.copiedLabel(label) : label}
        onClick={() => void onCopy()}
        data-copied={copied || undefined}
        {...props}
      >
        {copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
      </ActionIcon>
    </Tooltip>
  );
}
