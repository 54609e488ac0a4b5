Feature: ranking
