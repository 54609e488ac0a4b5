Feature: deck
