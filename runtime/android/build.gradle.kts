// The Kotlin runtime as an Android library module (docs/runtime-android.md).
// Written for Gradle 8.9, the Android Gradle Plugin 8.7 and Kotlin 2.0 (with its
// Compose compiler plugin). livery's own test suite compiles the same sources
// with kotlinc on the JVM (scripts/testing/test-kotlin-runtime), without this file.
//
// In the app's settings.gradle.kts:
//   include(":livery-runtime")
//   project(":livery-runtime").projectDir = file("<livery checkout>/runtime/android")
// and in the app module: implementation(project(":livery-runtime"))

plugins {
    id("com.android.library")
    id("org.jetbrains.kotlin.android")
    id("org.jetbrains.kotlin.plugin.compose")
}

android {
    namespace = "dev.livery.runtime"
    compileSdk = 35

    defaultConfig {
        // java.util.Base64 and java.nio.file, which the runtime uses, arrived in API 26.
        minSdk = 26
    }

    sourceSets {
        getByName("main") {
            java.srcDirs("src/main/kotlin", "src/android/kotlin")
        }
        getByName("test") {
            java.srcDirs("src/test/kotlin")
        }
    }

    buildFeatures {
        compose = true
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    kotlinOptions {
        jvmTarget = "17"
    }

    testOptions {
        unitTests.all { test ->
            // The shared cases both runtimes run.
            test.systemProperty("livery.fixtures", file("../../Tests/Fixtures").absolutePath)
        }
    }
}

dependencies {
    // Ed25519; org.json is Android's own.
    implementation("org.bouncycastle:bcprov-jdk18on:1.78.1")

    // Only for src/android (LocalLiveryStyle, LiveryTheme, Color builders).
    implementation(platform("androidx.compose:compose-bom:2024.10.01"))
    implementation("androidx.compose.runtime:runtime")
    implementation("androidx.compose.ui:ui-graphics")
    implementation("androidx.compose.ui:ui-text")
    implementation("androidx.compose.ui:ui-unit")
    implementation("androidx.compose.foundation:foundation")

    testImplementation("junit:junit:4.13.2")
    // Local unit tests run on the JVM, where android.jar's org.json is a stub.
    testImplementation("org.json:json:20240303")
}
