import { Grid, Paper, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export interface FormAndListProps {
  /** The form's side (a `ConsolePanel`, usually). */
  form: ReactNode;
  /** What the form writes to: the list, table or cards. */
  list: ReactNode;
  /** Columns of twelve the form takes on wide screens (the list takes the rest). */
  formSpan?: 4 | 5 | 6;
  /** Dialogs and other parts outside the two columns. */
  children?: ReactNode;
}

/** A console tab's usual layout (DESIGN.md: one form and one list per tab): side by side on wide screens, form first then the list below on narrower ones. */
export function FormAndList({ form, list, formSpan = 5, children }: FormAndListProps) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: formSpan }}>{form}</Grid.Col>
      <Grid.Col span={{ base: 12, lg: 12 - formSpan }}>{list}</Grid.Col>
      {children}
    </Grid>
  );
}

export interface ConsolePanelProps {
  /** The heading, which also names the section for screen readers. */
  title: ReactNode;
  /** Heading level (2 in a tab, 3 under a tab's own heading). */
  order?: 2 | 3;
  children: ReactNode;
  testId?: string;
}

/** A titled surface of a console tab: a `<section>` named by its heading. */
export function ConsolePanel({ title, order = 2, children, testId }: ConsolePanelProps) {
  const id = useId();
  return (
    <Paper p="lg" className="t0-surface" component="section" aria-labelledby={id} data-testid={testId}>
      <Title order={order} fz={order === 2 ? 'h4' : 'h5'} id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
