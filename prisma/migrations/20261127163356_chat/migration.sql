-- CreateTable
CREATE TABLE "chats" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "kind" VARCHAR(8) NOT NULL,
    "nodeId" UUID,
    "directKey" VARCHAR(80),
    "lastMessageAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chats_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_members" (
    "chatId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "lastReadSeq" BIGINT NOT NULL DEFAULT 0,
    "muted" BOOLEAN NOT NULL DEFAULT false,
    "notifications" BOOLEAN NOT NULL DEFAULT true,
    "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_members_pkey" PRIMARY KEY ("chatId","userId")
);

-- CreateTable
CREATE TABLE "chat_messages" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "chatId" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "authorId" UUID,
    "text" VARCHAR(4000) NOT NULL DEFAULT '',
    "replyToId" UUID,
    "edited" BOOLEAN NOT NULL DEFAULT false,
    "deleted" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "editedAt" TIMESTAMP(3),

    CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_attachments" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "messageId" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "contentType" VARCHAR(128) NOT NULL,
    "size" BIGINT NOT NULL,
    "key" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_reactions" (
    "messageId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "emoji" VARCHAR(16) NOT NULL,
    "spaceId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_reactions_pkey" PRIMARY KEY ("messageId","userId","emoji")
);

-- CreateTable
CREATE TABLE "chat_mentions" (
    "messageId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "spaceId" UUID NOT NULL,

    CONSTRAINT "chat_mentions_pkey" PRIMARY KEY ("messageId","userId")
);

-- CreateIndex
CREATE UNIQUE INDEX "chats_nodeId_key" ON "chats"("nodeId");

-- CreateIndex
CREATE INDEX "chats_spaceId_idx" ON "chats"("spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "chats_spaceId_directKey_key" ON "chats"("spaceId", "directKey");

-- CreateIndex
CREATE INDEX "chat_members_spaceId_userId_idx" ON "chat_members"("spaceId", "userId");

-- CreateIndex
CREATE INDEX "chat_messages_spaceId_idx" ON "chat_messages"("spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "chat_messages_chatId_seq_key" ON "chat_messages"("chatId", "seq");

-- CreateIndex
CREATE INDEX "chat_attachments_messageId_idx" ON "chat_attachments"("messageId");

-- CreateIndex
CREATE INDEX "chat_attachments_spaceId_idx" ON "chat_attachments"("spaceId");

-- CreateIndex
CREATE INDEX "chat_reactions_spaceId_idx" ON "chat_reactions"("spaceId");

-- CreateIndex
CREATE INDEX "chat_mentions_spaceId_userId_idx" ON "chat_mentions"("spaceId", "userId");

-- AddForeignKey
ALTER TABLE "chats" ADD CONSTRAINT "chats_nodeId_fkey" FOREIGN KEY ("nodeId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "chats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "chats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_replyToId_fkey" FOREIGN KEY ("replyToId") REFERENCES "chat_messages"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "chat_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_reactions" ADD CONSTRAINT "chat_reactions_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "chat_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_mentions" ADD CONSTRAINT "chat_mentions_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "chat_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Message search: a trigram index answers the history's ILIKE '%…%' (pg_trgm is created by
-- works_search_trgm).
CREATE INDEX "chat_messages_text_trgm_idx" ON "chat_messages" USING gin ("text" gin_trgm_ops);

-- The built-in roles of spaces made before chat get the chat abilities that new spaces' roles are made
-- with (BUILT_IN_ROLES of @takt/contracts): all three for administrators and planners, reading and
-- writing for executors and curators, reading for viewers.
UPDATE "roles" SET "abilities" = "abilities" || ARRAY['chat.read', 'chat.write', 'chat.moderate']
WHERE "key" IN ('administrator', 'planner') AND NOT ('chat.read' = ANY("abilities"));
UPDATE "roles" SET "abilities" = "abilities" || ARRAY['chat.read', 'chat.write']
WHERE "key" IN ('executor', 'curator') AND NOT ('chat.read' = ANY("abilities"));
UPDATE "roles" SET "abilities" = "abilities" || ARRAY['chat.read']
WHERE "key" = 'viewer' AND NOT ('chat.read' = ANY("abilities"));
