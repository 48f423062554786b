import { Typography } from '@mantine/core';

/** A body as the server sanitised it (the editor's tags and safe links only), shown as members read it. */
export function AnnouncementBody({ html }: { html: string }) {
  return (
    <Typography>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
