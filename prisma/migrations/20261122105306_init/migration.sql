CREATE EXTENSION IF NOT EXISTS vector;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateTable
CREATE TABLE "stage" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "stage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "round" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "round_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "category" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "parent_id" INTEGER,

    CONSTRAINT "category_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "location" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "parent_id" INTEGER,
    "scope" TEXT,
    "city" TEXT,
    "state" TEXT,
    "country" TEXT,
    "region" TEXT,
    "region_slug" TEXT,

    CONSTRAINT "location_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "source_type" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "group" TEXT NOT NULL,

    CONSTRAINT "source_type_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "participant_type" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "participant_type_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "participant" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "alt_name" TEXT,
    "email" TEXT,
    "image" TEXT,
    "about" TEXT,
    "type_id" INTEGER NOT NULL,
    "web3" BOOLEAN NOT NULL DEFAULT false,
    "web2" BOOLEAN NOT NULL DEFAULT false,
    "monthly_signals" INTEGER NOT NULL DEFAULT 0,
    "monthly_signals_fixed" BOOLEAN NOT NULL DEFAULT false,
    "associated_with_id" INTEGER,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "participant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "participant_source" (
    "id" SERIAL NOT NULL,
    "participant_id" INTEGER NOT NULL,
    "slug" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "link" TEXT NOT NULL,

    CONSTRAINT "participant_source_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "card" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "image" TEXT,
    "url" TEXT,
    "stage_id" INTEGER,
    "round_id" INTEGER,
    "location_id" INTEGER,
    "trending" BOOLEAN NOT NULL DEFAULT false,
    "featured" BOOLEAN NOT NULL DEFAULT false,
    "open_to_intro" BOOLEAN NOT NULL DEFAULT false,
    "web3" BOOLEAN NOT NULL DEFAULT false,
    "web2" BOOLEAN NOT NULL DEFAULT false,
    "last_round" DATE,
    "social_links" JSONB NOT NULL DEFAULT '[]',
    "people" JSONB NOT NULL DEFAULT '[]',
    "more" JSONB,
    "employment_data" JSONB,
    "network_a_profile_id" INTEGER,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "interactions_count" INTEGER NOT NULL DEFAULT 0,
    "first_interaction_at" TIMESTAMPTZ(6),
    "last_interaction_at" TIMESTAMPTZ(6),
    "earliest_source_type_id" INTEGER,
    "search_vector" tsvector,

    CONSTRAINT "card_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "card_category" (
    "card_id" INTEGER NOT NULL,
    "category_id" INTEGER NOT NULL,

    CONSTRAINT "card_category_pkey" PRIMARY KEY ("card_id","category_id")
);

-- CreateTable
CREATE TABLE "interaction" (
    "id" SERIAL NOT NULL,
    "card_id" INTEGER NOT NULL,
    "participant_id" INTEGER NOT NULL,
    "associated_participant_id" INTEGER,
    "source_type_id" INTEGER,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "interaction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "card_embedding" (
    "card_id" INTEGER NOT NULL,
    "model" TEXT NOT NULL,
    "embedding" vector NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "card_embedding_pkey" PRIMARY KEY ("card_id")
);

-- CreateTable
CREATE TABLE "participant_embedding" (
    "participant_id" INTEGER NOT NULL,
    "model" TEXT NOT NULL,
    "embedding" vector NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "participant_embedding_pkey" PRIMARY KEY ("participant_id")
);

-- CreateTable
CREATE TABLE "profile" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "headline" TEXT,
    "summary" TEXT,
    "location" TEXT,
    "country" TEXT,
    "network_a_url" TEXT,
    "network_a_image_url" TEXT,
    "network_a_urn" TEXT,
    "classification" TEXT,
    "path" TEXT,
    "status" TEXT,
    "out_of_stealth_date" TIMESTAMPTZ(6),
    "education" JSONB NOT NULL DEFAULT '[]',
    "experience" JSONB NOT NULL DEFAULT '[]',
    "notable_achievements" TEXT,
    "new_company" JSONB,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "profile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "collection" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "visibility" TEXT NOT NULL DEFAULT 'shared',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "criteria" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "collection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "collection_assignment" (
    "collection_id" INTEGER NOT NULL,
    "account_id" INTEGER NOT NULL,

    CONSTRAINT "collection_assignment_pkey" PRIMARY KEY ("collection_id","account_id")
);

-- CreateTable
CREATE TABLE "network_b_profile" (
    "id" SERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "name" TEXT,
    "bio" TEXT,
    "location" TEXT,
    "url" TEXT,
    "followers" INTEGER NOT NULL DEFAULT 0,
    "recent_posts" JSONB NOT NULL DEFAULT '[]',
    "followed_accounts" JSONB NOT NULL DEFAULT '[]',
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "network_b_profile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_group" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "limit_override" INTEGER,

    CONSTRAINT "account_group_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "password_hash" TEXT,
    "is_staff" BOOLEAN NOT NULL DEFAULT false,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "limit_override" INTEGER,
    "group_id" INTEGER,
    "scope" TEXT NOT NULL DEFAULT 'full',
    "permissions" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "radar_limit_network_a" INTEGER,
    "radar_limit_network_b" INTEGER,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_token" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(6),
    "revoked_at" TIMESTAMPTZ(6),
    "last_used_at" TIMESTAMPTZ(6),

    CONSTRAINT "api_token_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "quota_counter" (
    "account_id" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "quota_counter_pkey" PRIMARY KEY ("account_id","period")
);

-- CreateTable
CREATE TABLE "folder" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "folder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "folder_card" (
    "folder_id" INTEGER NOT NULL,
    "card_id" INTEGER NOT NULL,
    "added_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "folder_card_pkey" PRIMARY KEY ("folder_id","card_id")
);

-- CreateTable
CREATE TABLE "saved_filter" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "params" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saved_filter_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "card_like" (
    "account_id" INTEGER NOT NULL,
    "card_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "card_like_pkey" PRIMARY KEY ("account_id","card_id")
);

-- CreateTable
CREATE TABLE "card_note" (
    "account_id" INTEGER NOT NULL,
    "card_id" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "card_note_pkey" PRIMARY KEY ("account_id","card_id")
);

-- CreateTable
CREATE TABLE "intro_request" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "card_id" INTEGER NOT NULL,
    "message" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "intro_request_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "saved_participant" (
    "account_id" INTEGER NOT NULL,
    "participant_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saved_participant_pkey" PRIMARY KEY ("account_id","participant_id")
);

-- CreateTable
CREATE TABLE "radar_application" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "identifier_kind" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "identity_key" TEXT NOT NULL,
    "is_tracking" BOOLEAN NOT NULL DEFAULT true,
    "init_status" TEXT NOT NULL DEFAULT 'pending',
    "radar_error" JSONB,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lease_until" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "radar_application_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "radar_connection" (
    "id" INTEGER NOT NULL,
    "account_id" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "external_id" TEXT NOT NULL,
    "username" TEXT,
    "name" TEXT,
    "company" TEXT,
    "is_tracking" BOOLEAN NOT NULL DEFAULT true,
    "snapshot" JSONB NOT NULL DEFAULT '{}',
    "last_refreshed_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "radar_connection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "radar_snapshot" (
    "id" SERIAL NOT NULL,
    "connection_id" INTEGER NOT NULL,
    "data" JSONB NOT NULL,
    "taken_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "radar_snapshot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "radar_update" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "connection_id" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "change_type" TEXT,
    "description" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "detected_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "radar_update_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job" (
    "id" BIGSERIAL NOT NULL,
    "queue" TEXT NOT NULL,
    "key" TEXT,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'queued',
    "run_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lease_until" TIMESTAMPTZ(6),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_client" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "secret_hash" TEXT,
    "redirect_uris" TEXT[],
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_client_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_code" (
    "code_hash" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "redirect_uri" TEXT NOT NULL,
    "scope" TEXT NOT NULL DEFAULT '',
    "code_challenge" TEXT NOT NULL,
    "code_challenge_method" TEXT NOT NULL DEFAULT 'S256',
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_code_pkey" PRIMARY KEY ("code_hash")
);

-- CreateTable
CREATE TABLE "oauth_token" (
    "id" SERIAL NOT NULL,
    "access_hash" TEXT NOT NULL,
    "refresh_hash" TEXT,
    "client_id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "scope" TEXT NOT NULL DEFAULT '',
    "access_expires_at" TIMESTAMPTZ(6) NOT NULL,
    "refresh_expires_at" TIMESTAMPTZ(6),
    "revoked_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_token_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "stage_slug_key" ON "stage"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "round_slug_key" ON "round"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "category_slug_key" ON "category"("slug");

-- CreateIndex
CREATE INDEX "category_parent_id_idx" ON "category"("parent_id");

-- CreateIndex
CREATE UNIQUE INDEX "location_slug_key" ON "location"("slug");

-- CreateIndex
CREATE INDEX "location_parent_id_idx" ON "location"("parent_id");

-- CreateIndex
CREATE UNIQUE INDEX "source_type_slug_key" ON "source_type"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "participant_type_slug_key" ON "participant_type"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "participant_slug_key" ON "participant"("slug");

-- CreateIndex
CREATE INDEX "participant_type_id_name_idx" ON "participant"("type_id", "name");

-- CreateIndex
CREATE INDEX "participant_monthly_signals_name_idx" ON "participant"("monthly_signals" DESC, "name");

-- CreateIndex
CREATE UNIQUE INDEX "participant_source_participant_id_type_slug_key" ON "participant_source"("participant_id", "type", "slug");

-- CreateIndex
CREATE UNIQUE INDEX "card_slug_key" ON "card"("slug");

-- CreateIndex
CREATE INDEX "card_stage_id_idx" ON "card"("stage_id");

-- CreateIndex
CREATE INDEX "card_round_id_idx" ON "card"("round_id");

-- CreateIndex
CREATE INDEX "card_location_id_idx" ON "card"("location_id");

-- CreateIndex
CREATE INDEX "card_earliest_source_type_id_idx" ON "card"("earliest_source_type_id");

-- CreateIndex
CREATE INDEX "card_created_at_id_idx" ON "card"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "card_updated_at_id_idx" ON "card"("updated_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "card_last_interaction_at_id_idx" ON "card"("last_interaction_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "card_interactions_count_last_interaction_at_id_idx" ON "card"("interactions_count" DESC, "last_interaction_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "card_name_id_idx" ON "card"("name", "id");

-- CreateIndex
CREATE INDEX "card_category_category_id_card_id_idx" ON "card_category"("category_id", "card_id");

-- CreateIndex
CREATE INDEX "interaction_card_id_created_at_id_idx" ON "interaction"("card_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "interaction_participant_id_card_id_idx" ON "interaction"("participant_id", "card_id");

-- CreateIndex
CREATE INDEX "interaction_participant_id_created_at_idx" ON "interaction"("participant_id", "created_at");

-- CreateIndex
CREATE INDEX "card_embedding_model_idx" ON "card_embedding"("model");

-- CreateIndex
CREATE INDEX "participant_embedding_model_idx" ON "participant_embedding"("model");

-- CreateIndex
CREATE INDEX "profile_network_a_url_idx" ON "profile"("network_a_url");

-- CreateIndex
CREATE INDEX "profile_network_a_urn_idx" ON "profile"("network_a_urn");

-- CreateIndex
CREATE INDEX "profile_created_at_id_idx" ON "profile"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "profile_updated_at_id_idx" ON "profile"("updated_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "profile_classification_idx" ON "profile"("classification");

-- CreateIndex
CREATE INDEX "profile_path_idx" ON "profile"("path");

-- CreateIndex
CREATE INDEX "profile_country_idx" ON "profile"("country");

-- CreateIndex
CREATE UNIQUE INDEX "collection_slug_key" ON "collection"("slug");

-- CreateIndex
CREATE INDEX "collection_assignment_account_id_idx" ON "collection_assignment"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "network_b_profile_user_id_key" ON "network_b_profile"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "network_b_profile_username_key" ON "network_b_profile"("username");

-- CreateIndex
CREATE UNIQUE INDEX "account_group_name_key" ON "account_group"("name");

-- CreateIndex
CREATE UNIQUE INDEX "account_email_key" ON "account"("email");

-- CreateIndex
CREATE UNIQUE INDEX "api_token_hash_key" ON "api_token"("hash");

-- CreateIndex
CREATE INDEX "api_token_account_id_idx" ON "api_token"("account_id");

-- CreateIndex
CREATE INDEX "folder_account_id_idx" ON "folder"("account_id");

-- CreateIndex
CREATE INDEX "folder_card_card_id_idx" ON "folder_card"("card_id");

-- CreateIndex
CREATE INDEX "saved_filter_account_id_idx" ON "saved_filter"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "intro_request_account_id_card_id_key" ON "intro_request"("account_id", "card_id");

-- CreateIndex
CREATE INDEX "radar_application_init_status_lease_until_idx" ON "radar_application"("init_status", "lease_until");

-- CreateIndex
CREATE INDEX "radar_application_account_id_source_created_at_idx" ON "radar_application"("account_id", "source", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "radar_application_account_id_source_identity_key_key" ON "radar_application"("account_id", "source", "identity_key");

-- CreateIndex
CREATE INDEX "radar_connection_account_id_source_created_at_idx" ON "radar_connection"("account_id", "source", "created_at" DESC);

-- CreateIndex
CREATE INDEX "radar_connection_is_tracking_last_refreshed_at_idx" ON "radar_connection"("is_tracking", "last_refreshed_at");

-- CreateIndex
CREATE UNIQUE INDEX "radar_connection_account_id_source_external_id_key" ON "radar_connection"("account_id", "source", "external_id");

-- CreateIndex
CREATE INDEX "radar_snapshot_connection_id_taken_at_idx" ON "radar_snapshot"("connection_id", "taken_at" DESC);

-- CreateIndex
CREATE INDEX "radar_update_account_id_detected_at_id_idx" ON "radar_update"("account_id", "detected_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "radar_update_connection_id_detected_at_idx" ON "radar_update"("connection_id", "detected_at" DESC);

-- CreateIndex
CREATE INDEX "job_queue_status_run_at_idx" ON "job"("queue", "status", "run_at");

-- CreateIndex
CREATE UNIQUE INDEX "job_queue_key_key" ON "job"("queue", "key");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_token_access_hash_key" ON "oauth_token"("access_hash");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_token_refresh_hash_key" ON "oauth_token"("refresh_hash");

-- CreateIndex
CREATE INDEX "oauth_token_account_id_idx" ON "oauth_token"("account_id");

-- AddForeignKey
ALTER TABLE "category" ADD CONSTRAINT "category_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "category"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "location" ADD CONSTRAINT "location_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "location"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "participant" ADD CONSTRAINT "participant_type_id_fkey" FOREIGN KEY ("type_id") REFERENCES "participant_type"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "participant" ADD CONSTRAINT "participant_associated_with_id_fkey" FOREIGN KEY ("associated_with_id") REFERENCES "participant"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "participant_source" ADD CONSTRAINT "participant_source_participant_id_fkey" FOREIGN KEY ("participant_id") REFERENCES "participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card" ADD CONSTRAINT "card_stage_id_fkey" FOREIGN KEY ("stage_id") REFERENCES "stage"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card" ADD CONSTRAINT "card_round_id_fkey" FOREIGN KEY ("round_id") REFERENCES "round"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card" ADD CONSTRAINT "card_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "location"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card" ADD CONSTRAINT "card_network_a_profile_id_fkey" FOREIGN KEY ("network_a_profile_id") REFERENCES "profile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card" ADD CONSTRAINT "card_earliest_source_type_id_fkey" FOREIGN KEY ("earliest_source_type_id") REFERENCES "source_type"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card_category" ADD CONSTRAINT "card_category_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "card"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card_category" ADD CONSTRAINT "card_category_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "category"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "interaction" ADD CONSTRAINT "interaction_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "card"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "interaction" ADD CONSTRAINT "interaction_participant_id_fkey" FOREIGN KEY ("participant_id") REFERENCES "participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "interaction" ADD CONSTRAINT "interaction_associated_participant_id_fkey" FOREIGN KEY ("associated_participant_id") REFERENCES "participant"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "interaction" ADD CONSTRAINT "interaction_source_type_id_fkey" FOREIGN KEY ("source_type_id") REFERENCES "source_type"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card_embedding" ADD CONSTRAINT "card_embedding_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "card"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "participant_embedding" ADD CONSTRAINT "participant_embedding_participant_id_fkey" FOREIGN KEY ("participant_id") REFERENCES "participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collection_assignment" ADD CONSTRAINT "collection_assignment_collection_id_fkey" FOREIGN KEY ("collection_id") REFERENCES "collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collection_assignment" ADD CONSTRAINT "collection_assignment_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account" ADD CONSTRAINT "account_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "account_group"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_token" ADD CONSTRAINT "api_token_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quota_counter" ADD CONSTRAINT "quota_counter_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "folder" ADD CONSTRAINT "folder_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "folder_card" ADD CONSTRAINT "folder_card_folder_id_fkey" FOREIGN KEY ("folder_id") REFERENCES "folder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "folder_card" ADD CONSTRAINT "folder_card_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "card"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_filter" ADD CONSTRAINT "saved_filter_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card_like" ADD CONSTRAINT "card_like_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card_like" ADD CONSTRAINT "card_like_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "card"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card_note" ADD CONSTRAINT "card_note_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card_note" ADD CONSTRAINT "card_note_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "card"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intro_request" ADD CONSTRAINT "intro_request_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intro_request" ADD CONSTRAINT "intro_request_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "card"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_participant" ADD CONSTRAINT "saved_participant_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_participant" ADD CONSTRAINT "saved_participant_participant_id_fkey" FOREIGN KEY ("participant_id") REFERENCES "participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "radar_application" ADD CONSTRAINT "radar_application_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "radar_connection" ADD CONSTRAINT "radar_connection_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "radar_snapshot" ADD CONSTRAINT "radar_snapshot_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "radar_connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "radar_update" ADD CONSTRAINT "radar_update_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "radar_update" ADD CONSTRAINT "radar_update_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "radar_connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_code" ADD CONSTRAINT "oauth_code_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "oauth_client"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_code" ADD CONSTRAINT "oauth_code_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_token" ADD CONSTRAINT "oauth_token_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "oauth_client"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_token" ADD CONSTRAINT "oauth_token_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ---------------------------------------------------------------- hand-written
-- Everything below is written by hand: Prisma cannot model it. Objects are named `vm_*` so that
-- prisma/tools/migration.ts leaves them out of the drift check (see the top of that file).

-- Full-text search vector of a card, kept up to date by a trigger.
CREATE FUNCTION vm_card_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := setweight(to_tsvector('simple', coalesce(NEW.name, '')), 'A')
    || setweight(to_tsvector('simple', coalesce(NEW.description, '')), 'B');
  RETURN NEW;
END;
$$;

CREATE TRIGGER vm_card_search_vector_trg
  BEFORE INSERT OR UPDATE OF name, description ON card
  FOR EACH ROW EXECUTE FUNCTION vm_card_search_vector();

-- Full-text and trigram (substring) search.
CREATE INDEX vm_card_search_gin ON card USING gin (search_vector);
CREATE INDEX vm_card_name_trgm ON card USING gin (lower(name) gin_trgm_ops);
CREATE INDEX vm_profile_tags_gin ON profile USING gin (tags);
CREATE INDEX vm_participant_name_trgm ON participant USING gin (lower(name) gin_trgm_ops);

-- Vectors stay inline (out of TOAST): exact scans read them about 4x faster.
ALTER TABLE card_embedding ALTER COLUMN embedding SET STORAGE PLAIN;
ALTER TABLE participant_embedding ALTER COLUMN embedding SET STORAGE PLAIN;
