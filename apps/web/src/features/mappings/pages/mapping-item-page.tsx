import { Alert, Anchor, Badge, Button, Center, Container, Group, Loader, Paper, Title } from '@mantine/core';
import { IconArrowLeft, IconBan, IconInfoCircle, IconPencil, IconRestore } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { nameIn } from '../../../lib/catalogue-names.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useDraftedRecord } from '../../../lib/use-form-draft.ts';
import { useSaveMapping, useSetMappingDisabled } from '../api/mapping-mutations.ts';
import { useMappingItem } from '../api/mapping-queries.ts';
import { DisableModal } from '../components/disable-modal.tsx';
import { MappingDetails } from '../components/mapping-details.tsx';
import { emptyMappingForm, mappingFormValuesOf } from '../components/mapping-form-model.ts';
import { MappingForm } from '../components/mapping-form.tsx';
import { isMappingKind, itemNamed, type MappingItem, type MappingKind } from '../components/mapping-kinds.ts';
import { NotFoundHere } from '../components/not-found-here.tsx';

/** /mapping/{category}/{id} (spec §2 Mappings item page): 'new' opens an empty form; any other address is not found. */
export function MappingItemPage() {
  const { category, id } = useParams();
  if (!isMappingKind(category)) return <NotFoundHere />;
  if (id === 'new') return <NewMapping key={category} kind={category} />;
  const itemId = Number(id);
  if (!/^\d+$/.test(id ?? '') || !Number.isSafeInteger(itemId) || itemId <= 0) return <NotFoundHere />;
  // A fresh page per item: leaving one item for another drops edit mode and the dialog.
  return <MappingProfile key={`${category}/${itemId}`} kind={category} id={itemId} />;
}

function BackLink({ kind }: { kind: MappingKind }) {
  const { t } = useTranslation('mappings');
  return (
    <Anchor component={Link} to={`/mapping/${kind}`} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t(`item.backTo.${kind}`)}
      </Group>
    </Anchor>
  );
}

/** The empty form of a new item; saving opens the new item's page. */
function NewMapping({ kind }: { kind: MappingKind }) {
  const { t } = useTranslation('mappings');
  const title = t(`item.new.${kind}`);
  usePageTitle(title);
  const navigate = useNavigate();
  const save = useSaveMapping(kind, undefined);
  const [created, setCreated] = useState<number | null>(null);
  const [saved, setSaved] = useState(false);

  // Leaves after the render in which the form stopped guarding against leaving.
  useEffect(() => {
    if (saved && created !== null) void navigate(`/mapping/${kind}/${created}`, { replace: true });
  }, [saved, created, kind, navigate]);

  return (
    <Container size="md" py="lg">
      <BackLink kind={kind} />
      <Title order={1} mt="xs" mb="lg">
        {title}
      </Title>
      <Paper withBorder p="lg">
        <MappingForm
          kind={kind}
          initialValues={emptyMappingForm}
          onSubmit={async (values) => setCreated((await save.mutateAsync(values)).id)}
          onSaved={() => setSaved(true)}
          onCancel={() => void navigate(`/mapping/${kind}`)}
        />
      </Paper>
    </Container>
  );
}

function MappingProfile({ kind, id }: { kind: MappingKind; id: number }) {
  const { t } = useTranslation('mappings');
  const { data: item } = useMappingItem(kind, id);
  usePageTitle(item ? nameIn(itemNamed(item)) : null);
  if (!item) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  return <MappingView item={item} />;
}

/** An item's view, its Edit form, and Disable (asking first) or Restore. */
function MappingView({ item }: { item: MappingItem }) {
  const { t } = useTranslation('mappings');
  const { kind, id } = item;
  // Back in edit mode when a draft of this item's answers waits (an ended session lost nothing).
  const drafted = useDraftedRecord(`mapping-${kind}`);
  const [editing, setEditing] = useState(drafted === id);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveMapping(kind, id, item.disabled);
  const setDisabled = useSetMappingDisabled(item);

  const disable = () => setDisabled.mutate(true, { onSettled: () => setConfirming(false) });

  return (
    <Container size="md" py="lg">
      <BackLink kind={kind} />
      <Group justify="space-between" align="flex-start" mt="xs" mb="lg" gap="md">
        <Group gap="sm">
          <Title order={1}>{nameIn(itemNamed(item))}</Title>
          {item.disabled && (
            <Badge color="gray" variant="light">
              {t('list.disabledBadge')}
            </Badge>
          )}
        </Group>
        {!editing && (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconPencil size={18} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              {t('item.edit')}
            </Button>
            {item.disabled ? (
              <Button
                variant="light"
                leftSection={<IconRestore size={18} aria-hidden />}
                loading={setDisabled.isPending}
                onClick={() => setDisabled.mutate(false)}
              >
                {t('item.restore')}
              </Button>
            ) : (
              !item.isOther && (
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconBan size={18} aria-hidden />}
                  onClick={() => setConfirming(true)}
                >
                  {t('item.disable')}
                </Button>
              )
            )}
          </Group>
        )}
      </Group>

      {item.isOther && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} mb="md">
          {t('item.otherNote')}
        </Alert>
      )}
      {item.disabled && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />} mb="md">
          {t('item.disabledNote')}
        </Alert>
      )}

      <Paper withBorder p="lg">
        {editing ? (
          <MappingForm
            kind={kind}
            id={id}
            initialValues={mappingFormValuesOf(item)}
            isOther={item.isOther}
            onSubmit={(values) => save.mutateAsync(values)}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <MappingDetails item={item} />
        )}
      </Paper>

      <DisableModal
        opened={confirming}
        name={nameIn(itemNamed(item))}
        loading={setDisabled.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={disable}
      />
    </Container>
  );
}
