import { Badge, Button, Group, Modal, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconFileUpload, IconX } from '@tabler/icons-react';
import {
  checkUploadFile,
  humanFileSize,
  maxUploadMegabytes,
  toObjectPath,
  uploadResultSchema,
  UPLOAD_KINDS,
  type UploadKind,
} from '@t0/contracts';
import { useId, useRef, useState, type DragEvent } from 'react';
import { errorMessage } from '../lib/errors';

// The console's reusable upload dialog (closed, file chosen, uploading with its percent, then complete or
// failed; File too large and Invalid file type as its messages): a file or files are chosen, checked against
// the kind's size and type limits before anything is sent, then each is PUT to the signed upload
// URL the server hands out, with real progress from the request's upload events.

export const UPLOAD_FAILED = 'Upload failed. Please try again.';
export const UPLOAD_URL_FAILED = 'Failed to get upload URL';

export interface UploadedFile {
  file: File;
  fileName: string;
  fileSize: number;
  fileType: string;
  /** The `/objects/{path}` form of the stored file, as records keep it. */
  objectPath: string;
}

export interface UploadDialogProps {
  opened: boolean;
  onClose: () => void;
  kind: UploadKind;
  title?: string;
  /** How many files may be chosen at once (1 by default, up to 10). */
  maxFiles?: number;
  /** Asks the server for a signed upload URL for one file. */
  getUploadUrl: (file: File) => Promise<{ uploadURL: string }>;
  /** Called once with every file that was stored (none when all failed). */
  onComplete: (files: UploadedFile[]) => void;
}

type FileState =
  | { status: 'chosen' }
  | { status: 'uploading'; percent: number }
  | { status: 'complete'; uploaded: UploadedFile }
  | { status: 'failed'; message: string };

interface Entry {
  file: File;
  state: FileState;
}

type Phase = 'empty' | 'chosen' | 'uploading' | 'done';

/** An upload the server refused: its message is shown as it is. */
class UploadRefused extends Error {}

/** PUTs a file with progress in percent; resolves with the answer's JSON body (if any). */
export function putWithProgress(url: string, file: File, onProgress: (percent: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: Record<string, unknown> | null = null;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body);
        return;
      }
      const message = typeof body?.message === 'string' && body.message ? body.message : UPLOAD_FAILED;
      reject(new UploadRefused(message));
    };
    xhr.onerror = () => reject(new Error(UPLOAD_FAILED));
    xhr.onabort = () => reject(new Error(UPLOAD_FAILED));
    xhr.send(file);
  });
}

export function UploadDialog({
  opened,
  onClose,
  kind,
  title = 'UPLOAD FILE',
  maxFiles = 1,
  getUploadUrl,
  onComplete,
}: UploadDialogProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [phase, setPhase] = useState<Phase>('empty');
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const extensions = UPLOAD_KINDS[kind].extensions;
  const multiple = maxFiles > 1;

  const reset = () => {
    setEntries([]);
    setPhase('empty');
    setChoiceError(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const close = () => {
    if (phase === 'uploading') return;
    reset();
    onClose();
  };

  const choose = (list: FileList | File[] | null) => {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    if (files.length > maxFiles) {
      setChoiceError(`You can upload up to ${maxFiles} file${maxFiles === 1 ? '' : 's'} at once`);
      return;
    }
    for (const file of files) {
      const problem = checkUploadFile(kind, file);
      if (problem) {
        setChoiceError(problem);
        setEntries([]);
        setPhase('empty');
        if (inputRef.current) inputRef.current.value = '';
        return;
      }
    }
    setChoiceError(null);
    setEntries(files.map((file) => ({ file, state: { status: 'chosen' } })));
    setPhase('chosen');
  };

  const setState = (index: number, state: FileState) =>
    setEntries((prev) => prev.map((e, i) => (i === index ? { ...e, state } : e)));

  const upload = async () => {
    setPhase('uploading');
    const done: UploadedFile[] = [];
    for (const [index, { file }] of entries.entries()) {
      setState(index, { status: 'uploading', percent: 0 });
      let uploadURL: string;
      try {
        uploadURL = (await getUploadUrl(file)).uploadURL;
      } catch (error) {
        setState(index, { status: 'failed', message: errorMessage(error, UPLOAD_URL_FAILED) });
        continue;
      }
      try {
        const body = await putWithProgress(uploadURL, file, (percent) =>
          setState(index, { status: 'uploading', percent }),
        );
        // The answer names where the file is stored (`/objects/...`) and what the server saw.
        const stored = uploadResultSchema.safeParse(body);
        if (!stored.success) throw new Error(UPLOAD_FAILED);
        const uploaded: UploadedFile = {
          file,
          fileName: file.name,
          fileSize: stored.data.fileSize,
          fileType: stored.data.fileType,
          objectPath: toObjectPath(stored.data.url),
        };
        done.push(uploaded);
        setState(index, { status: 'complete', uploaded });
      } catch (error) {
        setState(index, { status: 'failed', message: error instanceof UploadRefused ? error.message : UPLOAD_FAILED });
      }
    }
    setPhase('done');
    onComplete(done);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (phase === 'uploading') return;
    choose(event.dataTransfer.files);
  };

  const overall =
    entries.length === 0
      ? 0
      : Math.round(
          entries.reduce((sum, e) => {
            if (e.state.status === 'uploading') return sum + e.state.percent;
            if (e.state.status === 'complete' || e.state.status === 'failed') return sum + 100;
            return sum;
          }, 0) / entries.length,
        );
  const failed = entries.filter((e) => e.state.status === 'failed').length;
  const completed = entries.filter((e) => e.state.status === 'complete').length;

  return (
    <Modal opened={opened} onClose={close} title={title} closeOnClickOutside={phase !== 'uploading'} size="lg">
      <Stack gap="md" data-testid="upload-dialog">
        <UnstyledButton
          component="label"
          htmlFor={inputId}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          aria-disabled={phase === 'uploading'}
          style={{
            display: 'block',
            border: `1px dashed ${dragging ? 'var(--t0-accent)' : 'var(--t0-border)'}`,
            borderRadius: 4,
            padding: 24,
            textAlign: 'center',
            background: 'var(--t0-surface-2)',
            cursor: phase === 'uploading' ? 'not-allowed' : 'pointer',
          }}
        >
          <IconFileUpload size={32} aria-hidden />
          <Text fw={700} mt="xs">
            {multiple ? `CHOOSE UP TO ${maxFiles} FILES` : 'CHOOSE A FILE'}
          </Text>
          <Text size="sm" c="dimmed">
            Drop {multiple ? 'files' : 'a file'} here or click to browse · {extensions.join(' ')} · max{' '}
            {maxUploadMegabytes(kind)}MB
            {multiple ? ' each' : ''}
          </Text>
        </UnstyledButton>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          data-testid="upload-input"
          aria-label={multiple ? 'Choose files to upload' : 'Choose a file to upload'}
          multiple={multiple}
          accept={extensions.join(',')}
          disabled={phase === 'uploading'}
          onChange={(e) => choose(e.currentTarget.files)}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
        />

        {choiceError && (
          <Text c="var(--t0-down)" size="sm" role="alert" data-testid="upload-error">
            {choiceError}
          </Text>
        )}

        {entries.length > 0 && (
          <Stack gap="xs" aria-live="polite">
            {entries.map((entry, i) => (
              <FileRow key={`${entry.file.name}-${i}`} entry={entry} />
            ))}
          </Stack>
        )}

        {phase === 'uploading' && (
          <Text size="sm" data-testid="upload-progress" aria-live="polite">
            UPLOADING... {overall}%
          </Text>
        )}
        {phase === 'done' && (
          <Text
            size="sm"
            fw={700}
            c={failed === 0 ? 'var(--t0-up)' : 'var(--t0-down)'}
            data-testid="upload-result"
            role="status"
          >
            {failed === 0
              ? `UPLOAD COMPLETE (${completed} file${completed === 1 ? '' : 's'})`
              : `UPLOAD FAILED (${failed} of ${entries.length})`}
          </Text>
        )}

        <Group justify="flex-end">
          {phase === 'done' ? (
            <>
              {failed > 0 && (
                <Button variant="default" onClick={reset}>
                  TRY AGAIN
                </Button>
              )}
              <Button onClick={close}>DONE</Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={close} disabled={phase === 'uploading'}>
                CANCEL
              </Button>
              <Button onClick={() => void upload()} disabled={phase !== 'chosen'} loading={phase === 'uploading'}>
                {phase === 'uploading' ? 'UPLOADING...' : 'UPLOAD'}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function FileRow({ entry }: { entry: Entry }) {
  const { file, state } = entry;
  const percent =
    state.status === 'uploading' ? state.percent : state.status === 'complete' || state.status === 'failed' ? 100 : 0;
  return (
    <Stack gap={4} data-testid="upload-file">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
          {file.name}{' '}
          <Text span c="dimmed" size="xs">
            ({humanFileSize(file.size)})
          </Text>
        </Text>
        {state.status === 'chosen' && (
          <Badge variant="outline" color="gray">
            READY
          </Badge>
        )}
        {state.status === 'uploading' && (
          <Badge variant="outline" color="blue" data-testid="upload-percent">
            {state.percent}%
          </Badge>
        )}
        {state.status === 'complete' && (
          <Badge color="terminal" leftSection={<IconCheck size={12} aria-hidden />}>
            COMPLETE
          </Badge>
        )}
        {state.status === 'failed' && (
          <Badge color="red" leftSection={<IconX size={12} aria-hidden />}>
            FAILED
          </Badge>
        )}
      </Group>
      <Progress
        value={percent}
        color={state.status === 'failed' ? 'red' : 'terminal'}
        size="sm"
        aria-label={`Upload progress for ${file.name}`}
        transitionDuration={100}
      />
      {state.status === 'failed' && (
        <Text size="xs" c="var(--t0-down)" role="alert">
          {state.message}
        </Text>
      )}
    </Stack>
  );
}
