import { Alert, Anchor, Box, Button, Group, Image, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { MESSAGE_MAX, withSavedReply, type SavedReply, type ThreadMessage } from '@t0/contracts';
import { IconInfoCircle, IconPhoto, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { UploadDialog } from '../../components/UploadDialog';
import { englishT } from '../../lib/i18n/english';
import { formatDateTime, useDates } from '../../lib/time-zone';
import { useMessagesT } from './words';

// One thread between the desk and a subscriber (docs/features/messages.md): the standing notice,
// the messages oldest first (the viewer's own on the right), and the composer (text and/or one image).

export interface MessageThreadProps {
  notice: string;
  messages: ThreadMessage[];
  /** Whose messages are the viewer's own: the desk's (`true`) or the subscriber's. */
  ownIsFromAdmin: boolean;
  /** Why the viewer may not write (the composer is replaced by it), or null. */
  refusal: string | null;
  sending: boolean;
  onSend: (input: { message?: string; imageUrl?: string }) => Promise<unknown>;
  getUploadUrl: (file: File) => Promise<{ uploadURL: string }>;
  /** The desk's saved replies: choosing one inserts its text into the message, to edit before sending. */
  savedReplies?: Pick<SavedReply, 'id' | 'title' | 'text'>[];
  /** In the reader's language (the subscriber's screen); the console's thread stays English. */
  translated?: boolean;
}

type Words = (key: string) => string;

/** The thread's words and dates: the reader's language on a translated screen, else English. */
function useThreadWords(translated: boolean): { t: Words; dateTime: (value: string) => string | null } {
  const { t } = useMessagesT();
  const dates = useDates();
  return translated ? { t, dateTime: dates.dateTime } : { t: englishT, dateTime: formatDateTime };
}

function Bubble({ m, own, translated }: { m: ThreadMessage; own: boolean; translated: boolean }) {
  const { t, dateTime } = useThreadWords(translated);
  return (
    <Group justify={own ? 'flex-end' : 'flex-start'} data-testid="message" data-own={own}>
      <Paper
        p="xs"
        maw="80%"
        radius="sm"
        withBorder
        style={{ background: own ? 'var(--t0-accent-soft, rgba(0,200,150,0.10))' : 'var(--t0-surface)' }}
      >
        <Text size="xs" c="dimmed" mb={4}>
          {m.isFromAdmin ? t('messages:thread.desk') : own ? t('messages:thread.you') : t('messages:thread.subscriber')}{' '}
          · {dateTime(m.createdAt)}
          {own && ` · ${m.isRead ? t('messages:thread.read') : t('messages:thread.sent')}`}
        </Text>
        {m.message && (
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.message}
          </Text>
        )}
        {m.imageUrl && (
          <Anchor href={m.imageUrl} target="_blank" rel="noreferrer">
            <Image src={m.imageUrl} alt={t('messages:thread.image')} maw={320} mt={m.message ? 6 : 0} radius="xs" />
          </Anchor>
        )}
      </Paper>
    </Group>
  );
}

export function MessageThread({
  notice,
  messages,
  ownIsFromAdmin,
  refusal,
  sending,
  onSend,
  getUploadUrl,
  savedReplies,
  translated = false,
}: MessageThreadProps) {
  const { t } = useThreadWords(translated);
  const [text, setText] = useState('');
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Braces: the method may answer a promise, which React would take for a clean-up.
    void end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);

  const send = async () => {
    await onSend({ message: text.trim() || undefined, imageUrl: imageUrl ?? undefined });
    setText('');
    setImageUrl(null);
  };

  return (
    <Stack gap="sm" data-testid="message-thread">
      <Alert variant="light" color="yellow" icon={<IconInfoCircle size={16} />} p="xs" data-testid="desk-notice">
        <Text size="sm" dir="auto">
          {notice}
        </Text>
      </Alert>
      <Stack gap="xs" mah={520} style={{ overflowY: 'auto' }}>
        {messages.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {t('messages:thread.empty')}
          </Text>
        )}
        {messages.map((m) => (
          <Bubble key={m.id} m={m} own={m.isFromAdmin === ownIsFromAdmin} translated={translated} />
        ))}
        <Box ref={end} />
      </Stack>
      {refusal ? (
        <Text size="sm" c="dimmed" data-testid="cannot-write" dir="auto">
          {refusal}
        </Text>
      ) : (
        <Stack gap={6}>
          <Textarea
            aria-label={t('messages:thread.message')}
            placeholder={t('messages:thread.placeholder')}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={MESSAGE_MAX}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs">
              {savedReplies && (
                <Select
                  aria-label="Saved replies"
                  placeholder={savedReplies.length ? 'SAVED REPLIES' : 'NO SAVED REPLIES'}
                  size="xs"
                  w={180}
                  disabled={savedReplies.length === 0}
                  data={savedReplies.map((r) => ({ value: String(r.id), label: r.title }))}
                  value={null}
                  onChange={(id) => {
                    const chosen = savedReplies.find((r) => String(r.id) === id);
                    if (chosen) setText((current) => withSavedReply(current, chosen.text));
                  }}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPhoto size={14} aria-hidden />}
                onClick={() => setUploading(true)}
              >
                {imageUrl ? t('messages:thread.attached') : t('messages:thread.attach')}
              </Button>
              <Text size="xs" c="dimmed">
                {text.length}/{MESSAGE_MAX}
              </Text>
            </Group>
            <Button
              size="xs"
              leftSection={<IconSend size={14} aria-hidden />}
              loading={sending}
              disabled={!text.trim() && !imageUrl}
              onClick={() => void send()}
            >
              {t('messages:thread.send')}
            </Button>
          </Group>
        </Stack>
      )}
      <UploadDialog
        opened={uploading}
        onClose={() => setUploading(false)}
        kind="image"
        title={t('messages:thread.attachTitle')}
        getUploadUrl={getUploadUrl}
        onComplete={(files) => {
          if (files[0]) setImageUrl(files[0].objectPath);
        }}
      />
    </Stack>
  );
}
