-- AlterTable
ALTER TABLE "licences" ADD COLUMN     "customer" VARCHAR(200),
ADD COLUMN     "issuer" VARCHAR(64),
ADD COLUMN     "minAppVersion" VARCHAR(32),
ADD COLUMN     "token" TEXT,
ADD COLUMN     "tokenId" VARCHAR(100),
ADD COLUMN     "uploadedById" UUID;

-- CreateTable
CREATE TABLE "localization_overrides" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "lang" VARCHAR(8) NOT NULL,
    "messageId" VARCHAR(200) NOT NULL,
    "text" TEXT NOT NULL,
    "updatedById" UUID,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "localization_overrides_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "localization_overrides_spaceId_lang_messageId_key" ON "localization_overrides"("spaceId", "lang", "messageId");

-- CreateIndex
CREATE UNIQUE INDEX "licences_tokenId_key" ON "licences"("tokenId");

-- AddForeignKey
ALTER TABLE "localization_overrides" ADD CONSTRAINT "localization_overrides_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
