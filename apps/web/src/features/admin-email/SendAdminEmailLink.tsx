import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

/** SEND A NEW LINK: another e-mail proving the signed-in account's ADMIN_EMAILS address. */
export function SendAdminEmailLink({ variant = 'light' }: { variant?: 'light' | 'filled' }) {
  const trpc = useTRPC();
  const send = useMutation(
    trpc.auth.sendAdminEmailLink.mutationOptions({
      onSuccess: (r) => toast({ title: 'Link Sent', description: r.message }),
      onError: (err) =>
        toast({
          title: 'Link Not Sent',
          description: errorMessage(err, 'Please try again in a few minutes.'),
          variant: 'destructive',
        }),
    }),
  );
  return (
    <Button variant={variant} size="xs" onClick={() => send.mutate()} disabled={send.isPending}>
      {send.isPending ? 'SENDING...' : 'SEND A NEW LINK'}
    </Button>
  );
}
