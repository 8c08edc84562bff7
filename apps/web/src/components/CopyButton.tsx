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

export interface CopyButtonProps extends Omit<ActionIconProps, 'children' | 'onClick'> {
  value: string;
  /** What is copied, for the button's accessible name ("Copy entry price"). */
  label: string;
}

/** Copies a value: toast "Copied!" and a check mark for 2 s; on failure "Copy failed". */
export function CopyButton({ value, label, ...props }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onCopy = async () => {
    try {
      await copyText(value);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
      toast({ title: 'Copied!', description: `${value} copied to clipboard`, durationMs: COPY_FEEDBACK_MS });
    } catch {
      toast({ title: 'Copy failed', description: 'Unable to copy to clipboard', variant: 'destructive' });
    }
  };

  return (
    <Tooltip label={copied ? 'Copied' : label}>
      <ActionIcon
        variant="subtle"
        color={copied ? 'terminal' : 'gray'}
        aria-label={copied ? `${label}: copied` : label}
        onClick={() => void onCopy()}
        data-copied={copied || undefined}
        {...props}
      >
        {copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
      </ActionIcon>
    </Tooltip>
  );
}
